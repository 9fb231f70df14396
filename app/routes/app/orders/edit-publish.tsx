import { randomUUID } from 'node:crypto'
import { redirect } from 'react-router'
import { requireActor } from '../../../modules/companies/index.server'
import { CreateRfqInput, readRfqForm, RfqForm, type RfqFormValues, toFormLineErrors, UpdateRfqInput } from '../../../modules/sourcing/index'
import { createRfq, getRfq, rfqFormOptions, rfqFormValuesOf, updateRfq } from '../../../modules/sourcing/index.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/edit-publish'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const draftId = url.searchParams.get('id')
  const draft = draftId ? await withRouteErrors(() => getRfq(ctx, draftId)) : null
  if (draft && (draft.status !== 'draft' || draft.visibility !== 'public'))
    throw redirect(localizePath(ctx.locale, draft.visibility === 'public' ? `/app/orders/publish/${draft.id}` : `/app/sourcing/rfq/${draft.id}`))
  const projectId = draft?.projectId ?? url.searchParams.get('project') ?? ''
  const options = await withRouteErrors(() =>
    rfqFormOptions(
      ctx,
      projectId || null,
      draft?.invitees.map((invitee) => invitee.supplierCompanyId),
    ),
  )
  const values: RfqFormValues = draft
    ? rfqFormValuesOf(draft)
    : {
        projectId,
        title: '',
        description: '',
        quoteDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 11) + '17:00',
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: '',
        deliveryDate: '',
        destination: '',
        sealed: false,
        visibility: 'public',
        supplierIds: [],
        requirementIds: options.requirements.map((requirement) => requirement.id),
        attachmentFileIds: [],
        lines: [],
      }
  return {
    ...pageData(ctx.locale, 'rfqs', 'publish.formMetaTitle'),
    options,
    values,
    draft: draft ? { id: draft.id, number: draft.number, version: draft.version } : null,
    idempotencyKey: draft ? undefined : randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const draftId = new URL(request.url).searchParams.get('id')
  const form = await request.formData()
  const { values, input, indices } = readRfqForm(form)
  const request_ = { ...input, visibility: 'public' }
  const parsed = draftId ? UpdateRfqInput.safeParse(request_) : CreateRfqInput.safeParse(request_)
  if (!parsed.success)
    return failure({ ok: false, fieldErrors: toFormLineErrors(fieldErrorsOf(parsed.error), indices) }, 422, { values: JSON.stringify(values) })
  try {
    const rfq = draftId ? await updateRfq(ctx, draftId, UpdateRfqInput.parse(request_)) : await createRfq(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/orders/publish/${rfq.id}`)}?saved=1`)
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
      return failure({ ok: false, fieldErrors: toFormLineErrors(error.details.fields as Record<string, string[]>, indices) }, 422, {
        values: JSON.stringify(values),
      })
    }
    return failureFromError(error, { values: JSON.stringify(values) })
  }
}

export default function EditPublishPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : undefined
  const values = failed && 'values' in failed && typeof failed.values === 'string' ? (JSON.parse(failed.values) as RfqFormValues) : data.values
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{data.draft ? t('publish.formEditTitle', { number: data.draft.number }) : t('publish.formTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('publish.formDescription')}</p>
      </div>
      <RfqForm
        key={`${data.values.projectId}|${data.draft?.id ?? ''}`}
        locale={locale}
        pagePath="/app/orders/edit-publish"
        backPath={data.draft ? `/app/orders/publish/${data.draft.id}` : '/app/orders/publish'}
        {...data.options}
        values={values}
        fixedVisibility="public"
        draft={data.draft}
        idempotencyKey={data.idempotencyKey}
        fieldErrors={failed?.fieldErrors}
        formError={failed && 'formError' in failed ? failed.formError : undefined}
      />
    </div>
  )
}
