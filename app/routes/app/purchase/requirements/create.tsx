import { randomUUID } from 'node:crypto'
import { Link, redirect } from 'react-router'
import { buttonClasses } from '../../../../components/ui/button'
import { categoryTree, flattenCategories } from '../../../../modules/catalog/index.server'
import { FILE_LIST_MAX_LIMIT } from '../../../../modules/kernel/index'
import { requireActor } from '../../../../modules/companies/index.server'
import { listFiles } from '../../../../modules/kernel/index.server'
import { searchHsCodes } from '../../../../modules/compliance/index.server'
import { CreateRequirementInput, RequirementForm, type RequirementFormValues, UpdateRequirementInput } from '../../../../modules/sourcing/index'
import { createRequirement, getRequirement, openProjects, updateRequirement } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { idempotencyOfForm } from '../../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { Route } from './+types/create'
import { PAGE_MESSAGES } from '../../../page-messages'

const blank: RequirementFormValues = {
  projectId: '',
  title: '',
  specification: '',
  categoryId: '',
  hsCode: '',
  quantity: '',
  unit: 'pcs',
  targetUnitPrice: '',
  targetCurrency: '',
  requiredBy: '',
  destination: '',
  attachmentFileIds: [],
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const editId = url.searchParams.get('edit')
  const hsq = (url.searchParams.get('hsq') ?? '').trim().slice(0, 50)
  const [projects, tree, files, editing, hsCodes] = await withRouteErrors(() =>
    Promise.all([
      openProjects(ctx),
      categoryTree(ctx.locale),
      listFiles(ctx, { purpose: 'attachment', limit: FILE_LIST_MAX_LIMIT }),
      editId ? getRequirement(ctx, editId) : Promise.resolve(null),
      hsq ? searchHsCodes({ q: hsq, level: 6, limit: 20 }, ctx.locale) : Promise.resolve([]),
    ]),
  )
  if (editing && !editing.editable) throw new Response(null, { status: 409 })
  const projectId = url.searchParams.get('project') ?? ''
  const currency = projects.find((project) => project.id === projectId)?.currency ?? ''
  const values: RequirementFormValues = editing
    ? {
        projectId: editing.projectId,
        title: editing.title,
        specification: editing.specification,
        categoryId: editing.categoryId ?? '',
        hsCode: editing.hsCode ?? '',
        quantity: String(editing.quantity),
        unit: editing.unit,
        targetUnitPrice: editing.targetUnitPrice ?? '',
        targetCurrency: editing.targetCurrency ?? '',
        requiredBy: editing.requiredBy ?? '',
        destination: editing.destination,
        attachmentFileIds: editing.attachments.map((file) => file.id),
      }
    : { ...blank, projectId, targetCurrency: currency }
  return {
    ...pageData(ctx.locale, 'projects', editing ? 'requirements.form.editMetaTitle' : 'requirements.form.createMetaTitle', PAGE_MESSAGES.requirementForm),
    editing: editing ? { id: editing.id, title: editing.title, version: editing.version } : null,
    projects: projects.map(({ id, number, name }) => ({ id, number, name })),
    categories: flattenCategories(tree).map(({ id, name, depth }) => ({ id, name, depth })),
    attachmentFiles: files.items.map((file) => ({ id: file.id, name: file.name })),
    values,
    hsCodes,
    idempotencyKey: editing ? undefined : randomUUID(),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const editId = new URL(request.url).searchParams.get('edit')
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '')
  const values: RequirementFormValues = {
    projectId: text('projectId'),
    title: text('title'),
    specification: text('specification'),
    categoryId: text('categoryId'),
    hsCode: text('hsCode'),
    quantity: text('quantity'),
    unit: text('unit'),
    targetUnitPrice: text('targetUnitPrice'),
    targetCurrency: text('targetCurrency'),
    requiredBy: text('requiredBy'),
    destination: text('destination'),
    attachmentFileIds: form.getAll('attachmentFileIds').map(String),
  }
  const raw = { ...values, version: text('version') }
  const extra = { values: JSON.stringify(values) }
  try {
    if (editId) {
      const parsed = UpdateRequirementInput.safeParse(raw)
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
      await updateRequirement(ctx, editId, parsed.data)
      return redirect(`${localizePath(ctx.locale, `/app/purchase/projects/requirements/view/${editId}`)}?saved=updated`)
    }
    const parsed = CreateRequirementInput.safeParse(raw)
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, extra)
    const created = await createRequirement(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/purchase/projects/requirements/view/${created.id}`)}?saved=created`)
  } catch (error) {
    return failureFromError(error, extra)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function CreateRequirementPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const values = failed && 'values' in failed && typeof failed.values === 'string' ? (JSON.parse(failed.values) as RequirementFormValues) : data.values
  const path = localizePath(locale, '/app/purchase/projects/requirements/create')
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">
            {data.editing ? t('requirements.form.editTitle', { title: data.editing.title }) : t('requirements.form.createTitle')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('requirements.form.description')}</p>
        </div>
        <Link to={localizePath(locale, '/app/purchase/projects/requirements')} className={buttonClasses('ghost')}>
          {t('requirements.backToList')}
        </Link>
      </div>
      {data.projects.length === 0 && !data.editing ? (
        <p className="text-sm">
          {t('requirements.form.noProjects')}{' '}
          <Link to={localizePath(locale, '/app/purchase/projects/create')} className="underline underline-offset-4">
            {t('list.newProject')}
          </Link>
        </p>
      ) : null}
      <RequirementForm
        values={values}
        projects={data.projects}
        categories={data.categories}
        attachmentFiles={data.attachmentFiles}
        hsLookupPath={path}
        {...(data.editing ? { version: data.editing.version } : {})}
        idempotencyKey={data.idempotencyKey}
        fieldErrors={failed?.fieldErrors}
        formError={failed?.formError}
        submitLabel={data.editing ? t('requirements.form.save') : t('requirements.form.create')}
      />
    </div>
  )
}
