import { Link } from 'react-router'
import { AppPage } from '../../../../components/layouts/app-page'
import { Alert } from '../../../../components/ui/alert'
import { buttonClasses } from '../../../../components/ui/button'
import { categoryTree, flattenCategories } from '../../../../modules/catalog/index.server'
import { requireActor } from '../../../../modules/companies/index.server'
import { BulkGrid, BulkRequirementsInput } from '../../../../modules/sourcing/index'
import { getProject, projectRequirements, saveProjectRequirements } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { Route } from './+types/bulk-manage'
import { PAGE_MESSAGES } from '../../../page-messages'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [project, rows, tree] = await withRouteErrors(() =>
    Promise.all([getProject(ctx, params.projectId), projectRequirements(ctx, params.projectId), categoryTree(ctx.locale)]),
  )
  return {
    ...pageData(ctx.locale, 'projects', 'grid.metaTitle', PAGE_MESSAGES.requirementGrid),
    project: { id: project.id, number: project.number, name: project.name, editable: project.editable },
    rows,
    categories: flattenCategories(tree).map(({ id, name }) => ({ id, name })),
  }
}

/** "Save all": the whole grid as one JSON payload, saved in one transaction. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  let body: unknown
  try {
    body = JSON.parse(String(form.get('payload') ?? ''))
  } catch {
    return failure({ ok: false, fieldErrors: { rows: ['validation.rows'] } }, 400)
  }
  const parsed = BulkRequirementsInput.safeParse(body)
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422)
  try {
    const saved = await saveProjectRequirements(ctx, params.projectId, parsed.data)
    return { ok: true as const, created: saved.created, updated: saved.updated, deleted: saved.deleted, requirements: saved.requirements }
  } catch (error) {
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.project.number} · ${loaderData.title}` : undefined }]

export default function BulkManagePage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  const singleFormHref = localizePath(locale, `/app/purchase/projects/requirements/create?project=${data.project.id}`)
  return (
    <AppPage
      title={t('grid.title', { number: data.project.number })}
      description={data.project.name}
      actions={
        <Link to={localizePath(locale, `/app/purchase/projects/view/${data.project.id}`)} className={buttonClasses('ghost')}>
          {t('form.backToProject')}
        </Link>
      }
    >
      {data.project.editable ? (
        <BulkGrid rows={data.rows} categories={data.categories} singleFormHref={singleFormHref} />
      ) : (
        <Alert tone="info">{t('grid.notEditable')}</Alert>
      )}
    </AppPage>
  )
}
