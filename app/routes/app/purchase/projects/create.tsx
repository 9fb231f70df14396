import { randomUUID } from 'node:crypto'
import { redirect } from 'react-router'
import { requireActor } from '../../../../modules/companies/index.server'
import { CreateProjectInput, ProjectForm, type ProjectFormValues } from '../../../../modules/sourcing/index'
import { createProject } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, formToObject } from '../../../../platform/forms.server'
import { idempotencyOfForm } from '../../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import type { Route } from './+types/create'
import { PAGE_MESSAGES } from '../../../page-messages'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const values: ProjectFormValues = { name: '', description: '', currency: 'USD', budget: '', deadline: '' }
  return { ...pageData(ctx.locale, 'projects', 'form.createMetaTitle', PAGE_MESSAGES.projectForm), values, idempotencyKey: randomUUID() }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const raw = formToObject(form)
  const parsed = CreateProjectInput.safeParse(raw)
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { values: JSON.stringify(raw) })
  try {
    const project = await createProject(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/purchase/projects/view/${project.id}`)}?saved=created`)
  } catch (error) {
    return failureFromError(error, { values: JSON.stringify(raw) })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function CreateProjectPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const failed = actionData && !actionData.ok ? actionData : undefined
  const values =
    failed && 'values' in failed && typeof failed.values === 'string'
      ? { ...data.values, ...(JSON.parse(failed.values) as Partial<ProjectFormValues>) }
      : data.values
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('form.createTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('form.createDescription')}</p>
      </div>
      <ProjectForm
        values={values}
        idempotencyKey={data.idempotencyKey}
        fieldErrors={failed?.fieldErrors}
        formError={failed?.formError}
        submitLabel={t('form.create')}
      />
    </div>
  )
}
