import { Link, redirect } from 'react-router'
import { AppPage } from '../../../../components/layouts/app-page'
import { buttonClasses } from '../../../../components/ui/button'
import { requireActor } from '../../../../modules/companies/index.server'
import { ProjectForm, type ProjectFormValues, UpdateProjectInput } from '../../../../modules/sourcing/index'
import { getProject, updateProject } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { Route } from './+types/edit'
import { PAGE_MESSAGES } from '../../../page-messages'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const project = await withRouteErrors(() => getProject(ctx, params.id))
  const values: ProjectFormValues = {
    name: project.name,
    description: project.description,
    currency: project.currency,
    budget: project.budget ?? '',
    deadline: project.deadline ?? '',
  }
  return {
    ...pageData(ctx.locale, 'projects', 'form.editMetaTitle', PAGE_MESSAGES.projectForm),
    project: { id: project.id, number: project.number, version: project.version, editable: project.editable },
    values,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const raw = formToObject(await request.formData())
  const parsed = UpdateProjectInput.safeParse(raw)
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { values: JSON.stringify(raw) })
  try {
    await updateProject(ctx, params.id, parsed.data)
    return redirect(`${localizePath(ctx.locale, `/app/purchase/projects/view/${params.id}`)}?saved=updated`)
  } catch (error) {
    return failureFromError(error, { values: JSON.stringify(raw) })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.project.number} · ${loaderData.title}` : undefined }]

export default function EditProjectPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const values =
    failed && 'values' in failed && typeof failed.values === 'string'
      ? { ...data.values, ...(JSON.parse(failed.values) as Partial<ProjectFormValues>) }
      : data.values
  return (
    <AppPage
      title={t('form.editTitle', { number: data.project.number })}
      description={data.project.editable ? t('form.editDescription') : t('form.notEditable')}
      actions={
        <Link to={localizePath(locale, `/app/purchase/projects/view/${data.project.id}`)} className={buttonClasses('ghost')}>
          {t('form.backToProject')}
        </Link>
      }
    >
      <ProjectForm
        values={values}
        version={data.project.version}
        fieldErrors={failed?.fieldErrors}
        formError={failed?.formError}
        submitLabel={t('form.save')}
      />
    </AppPage>
  )
}
