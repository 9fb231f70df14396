import { randomUUID } from 'node:crypto'
import { Link, redirect } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { requireActor } from '../../../modules/companies/index.server'
import {
  CreateRfqInput,
  readRfqForm,
  RfqForm,
  RfqList,
  RfqListQuery,
  type RfqFormValues,
  toFormLineErrors,
  UpdateRfqInput,
} from '../../../modules/sourcing/index'
import { createRfq, getRfq, listRfqs, rfqFormOptions, rfqFormValuesOf, updateRfq } from '../../../modules/sourcing/index.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../platform/i18n/react'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/rfq'
import { PAGE_MESSAGES } from '../../page-messages'

const emptyValues = (projectId: string, currency: string): RfqFormValues => ({
  projectId,
  title: '',
  description: '',
  quoteDeadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 11) + '17:00',
  currency,
  incoterm: 'FOB',
  incotermPlace: '',
  deliveryDate: '',
  destination: '',
  sealed: false,
  visibility: 'invited',
  supplierIds: [],
  requirementIds: [],
  attachmentFileIds: [],
  lines: [],
})

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const draftId = url.searchParams.get('edit')
  if (draftId || url.searchParams.get('new') === '1') {
    const draft = draftId ? await withRouteErrors(() => getRfq(ctx, draftId)) : null
    if (draft && !draft.actions.edit) throw redirect(localizePath(ctx.locale, `/app/sourcing/rfq/${draft.id}`))
    const projectId = draft?.projectId ?? url.searchParams.get('project') ?? ''
    const options = await withRouteErrors(() =>
      rfqFormOptions(
        ctx,
        projectId || null,
        draft?.invitees.map((invitee) => invitee.supplierCompanyId),
      ),
    )
    // A new RFQ of a project starts titled after it; the buyer edits the title as they like.
    const projectName = options.projects.find((project) => project.id === projectId)?.name ?? ''
    // Every shortlisted supplier and open requirement, or those named (a product page's "Request a quotation").
    const chosen = (param: string, ids: string[]) => {
      const named = ids.filter((id) => url.searchParams.getAll(param).includes(id))
      return named.length > 0 ? named : ids
    }
    const values = draft
      ? rfqFormValuesOf(draft)
      : {
          ...emptyValues(projectId, 'USD'),
          title: projectName,
          supplierIds: chosen(
            'supplier',
            options.suppliers.map((supplier) => supplier.id),
          ),
          requirementIds: chosen(
            'requirement',
            options.requirements.map((requirement) => requirement.id),
          ),
        }
    // The form's supplier search speaks the sourcing catalog (PAGE_MESSAGES.rfqs brings its groups).
    return {
      ...pageData(ctx.locale, 'rfqs', 'form.metaTitle', PAGE_MESSAGES.rfqs),
      mode: 'form' as const,
      options,
      values,
      draft: draft ? { id: draft.id, number: draft.number, version: draft.version } : null,
      idempotencyKey: draft ? undefined : randomUUID(),
    }
  }
  const query = RfqListQuery.parse({
    status: url.searchParams.get('status') ?? undefined,
    q: url.searchParams.get('q') ?? undefined,
    offset: url.searchParams.get('offset') ?? undefined,
  })
  const page = await withRouteErrors(() => listRfqs(ctx, query))
  return {
    ...pageData(ctx.locale, 'rfqs', 'list.metaTitle', PAGE_MESSAGES.rfqs),
    mode: 'list' as const,
    filters: { status: query.status ?? '', q: query.q ?? '' },
    page,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const draftId = new URL(request.url).searchParams.get('edit')
  const form = await request.formData()
  const { values, input, indices } = readRfqForm(form)
  const parsed = draftId ? UpdateRfqInput.safeParse(input) : CreateRfqInput.safeParse(input)
  if (!parsed.success)
    return failure({ ok: false, fieldErrors: toFormLineErrors(fieldErrorsOf(parsed.error), indices) }, 422, { values: JSON.stringify(values) })
  try {
    const rfq = draftId ? await updateRfq(ctx, draftId, UpdateRfqInput.parse(input)) : await createRfq(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/sourcing/rfq/${rfq.id}`)}?saved=1`)
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
      return failure({ ok: false, fieldErrors: toFormLineErrors(error.details.fields as Record<string, string[]>, indices) }, 422, {
        values: JSON.stringify(values),
      })
    }
    return failureFromError(error, { values: JSON.stringify(values) })
  }
}

export default function RfqPage({ loaderData: data, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => data.mode !== 'form' && (change.entity === 'rfq' || change.entity === 'quotation'))
  const { t } = useTranslation('rfqs')
  const { locale } = useRootData()
  if (data.mode === 'form') {
    const failed = actionData && !actionData.ok ? actionData : undefined
    const values = failed && 'values' in failed && typeof failed.values === 'string' ? (JSON.parse(failed.values) as RfqFormValues) : data.values
    return (
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold">{data.draft ? t('form.editTitle', { number: data.draft.number }) : t('form.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('form.description')}</p>
        </div>
        <RfqForm
          key={`${data.values.projectId}|${data.draft?.id ?? ''}`}
          locale={locale}
          pagePath="/app/sourcing/rfq"
          backPath={data.draft ? `/app/sourcing/rfq/${data.draft.id}` : '/app/sourcing/rfq'}
          {...data.options}
          values={values}
          draft={data.draft}
          idempotencyKey={data.idempotencyKey}
          fieldErrors={failed?.fieldErrors}
          formError={failed && 'formError' in failed ? failed.formError : undefined}
        />
      </div>
    )
  }
  const newLink = (
    <Link to={`${localizePath(locale, '/app/sourcing/rfq')}?new=1`} className={buttonClasses('primary')}>
      {t('list.newRfq')}
    </Link>
  )
  return (
    <AppPage title={t('list.title')} description={t('list.description')} actions={newLink}>
      <RfqList
        locale={locale}
        basePath="/app/sourcing/rfq"
        filters={data.filters}
        rows={data.page.items}
        total={data.page.total}
        offset={data.offset}
        limit={data.limit}
        hrefOf={(row) => `/app/sourcing/rfq/${row.id}`}
        emptyAction={newLink}
      />
    </AppPage>
  )
}
