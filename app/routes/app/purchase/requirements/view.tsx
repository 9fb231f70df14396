import { Form, Link } from 'react-router'
import { FormError } from '../../../../components/form-error'
import { Alert } from '../../../../components/ui/alert'
import { Button, buttonClasses } from '../../../../components/ui/button'
import { Card, CardTitle } from '../../../../components/ui/card'
import { useFormatter } from '../../../../components/use-formatter'
import { requireActor } from '../../../../modules/companies/index.server'
import { CancelRequirementInput, RequirementStatusBadge } from '../../../../modules/sourcing/index'
import { cancelRequirement, getRequirement } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { Route } from './+types/view'
import { PAGE_MESSAGES } from '../../../page-messages'

const SAVED = ['created', 'updated'] as const
type Saved = (typeof SAVED)[number]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const requirement = await withRouteErrors(() => getRequirement(ctx, params.id))
  const saved = SAVED.find((value) => value === new URL(request.url).searchParams.get('saved')) ?? null
  return { ...pageData(ctx.locale, 'projects', 'requirements.detail.metaTitle', PAGE_MESSAGES.requirementDetail), requirement, saved }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const parsed = CancelRequirementInput.safeParse(formToObject(await request.formData()))
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422)
  try {
    await cancelRequirement(ctx, params.id, parsed.data)
    return { ok: true as const }
  } catch (error) {
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.requirement.title} · ${loaderData.title}` : undefined }]

export default function RequirementViewPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  const format = useFormatter()
  const item = data.requirement
  const day = (date: string | null) => (date ? format.date(`${date}T12:00:00Z`) : t('detail.notSet'))
  const savedNotice: Record<Saved, string> = { created: t('requirements.done.created'), updated: t('requirements.done.updated') }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold">{item.title}</h1>
            <RequirementStatusBadge status={item.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            <Link to={localizePath(locale, `/app/purchase/projects/view/${item.projectId}`)} className="underline underline-offset-4">
              {item.projectNumber} · {item.projectName}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {item.editable ? (
            <Link to={localizePath(locale, `/app/purchase/projects/requirements/create?edit=${item.id}`)} className={buttonClasses('secondary')}>
              {t('requirements.detail.edit')}
            </Link>
          ) : null}
          <Link to={localizePath(locale, '/app/purchase/projects/requirements')} className={buttonClasses('ghost')}>
            {t('requirements.backToList')}
          </Link>
        </div>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {data.saved && !actionData ? <Alert tone="success">{savedNotice[data.saved]}</Alert> : null}
        {actionData?.ok ? <Alert tone="success">{t('requirements.done.cancelled')}</Alert> : null}
        {actionData && !actionData.ok && actionData.formError ? <FormError error={actionData.formError} /> : null}
      </div>
      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('requirements.detail.details')}</CardTitle>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('requirements.form.specification')}</dt>
          <dd className="whitespace-pre-line">{item.specification || t('detail.notSet')}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.category')}</dt>
          <dd>{item.categoryName ?? t('detail.notSet')}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.hsCode')}</dt>
          <dd className="font-mono">{item.hsCode ?? t('detail.notSet')}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.quantity')}</dt>
          <dd>
            {format.number(item.quantity)} {item.unit}
          </dd>
          <dt className="text-muted-foreground">{t('requirements.form.targetUnitPrice')}</dt>
          <dd>{item.targetUnitPrice && item.targetCurrency ? format.money(item.targetUnitPrice, item.targetCurrency) : t('detail.notSet')}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.requiredBy')}</dt>
          <dd>{day(item.requiredBy)}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.destination')}</dt>
          <dd>{item.destination || t('detail.notSet')}</dd>
          <dt className="text-muted-foreground">{t('requirements.form.attachments')}</dt>
          <dd>
            {item.attachments.length === 0 ? (
              t('detail.notSet')
            ) : (
              <ul>
                {item.attachments.map((file) => (
                  <li key={file.id}>
                    <a href={`/api/v1/files/${file.id}/content`} className="underline underline-offset-4">
                      {file.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </Card>
      {item.cancellable ? (
        <Form method="post">
          <input type="hidden" name="version" value={item.version} />
          <Button type="submit" variant="danger">
            {t('requirements.detail.cancel')}
          </Button>
        </Form>
      ) : null}
    </div>
  )
}
