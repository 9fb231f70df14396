import { Alert } from '../../../components/ui/alert'
import { requireActor } from '../../../modules/companies/index.server'
import { uploadFile } from '../../../modules/kernel/index.server'
import {
  AddApprovedSupplierInput,
  ApprovedListQuery,
  ApprovedSupplierAddForm,
  ApprovedSupplierList,
  UpdateApprovedSupplierInput,
} from '../../../modules/sourcing/index'
import {
  addApprovedSupplier,
  approvalDocumentChoices,
  listApprovedSuppliers,
  removeApprovedSupplier,
  updateApprovedSupplier,
} from '../../../modules/sourcing/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/management'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = ApprovedListQuery.safeParse(search)
  const query = parsed.success ? parsed.data : ApprovedListQuery.parse({})
  const [page, documents] = await withRouteErrors(() => Promise.all([listApprovedSuppliers(ctx, query), approvalDocumentChoices(ctx)]))
  return {
    ...pageData(ctx.locale, 'sourcing', 'management.metaTitle', PAGE_MESSAGES.approvedSuppliers),
    filters: { status: query.status ?? '', q: query.q ?? '' },
    counts: page.counts,
    rows: page.items.map((item) => ({
      ...item,
      documents: item.documents.map((file) => ({ id: file.id, name: file.name })),
      updatedAt: item.updatedAt.toISOString(),
    })),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    documents: documents.map((file) => ({ id: file.id, name: file.name })),
  }
}

/** Uploads the chosen files as company attachments; their ids join the chosen documents. */
async function uploadedDocuments(ctx: ServiceContext, form: FormData): Promise<string[]> {
  const uploads = form.getAll('upload').filter((value): value is File => value instanceof File && value.size > 0)
  const ids: string[] = []
  for (const file of uploads) {
    try {
      ids.push((await uploadFile(ctx, { purpose: 'attachment', name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })).id)
    } catch (error) {
      if (isAppError(error) && error.status < 500)
        throw new AppError('validation_failed', error.message, { fields: { documentFileIds: ['validation.documentUpload'] } })
      throw error
    }
  }
  return ids
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const supplierId = String(form.get('supplierId') ?? '')
  const formName = intent === 'add' ? 'add' : supplierId
  try {
    if (intent === 'remove') {
      await removeApprovedSupplier(ctx, supplierId)
      return { ok: true as const, intent: 'remove' as const }
    }
    if (intent !== 'add' && intent !== 'update') return failure({ ok: false, fieldErrors: {} }, 400)
    const fields = { status: form.get('status'), note: form.get('note') ?? '', documentFileIds: form.getAll('documentFileIds').map(String) }
    const schema = intent === 'add' ? AddApprovedSupplierInput : UpdateApprovedSupplierInput
    const checked = schema.safeParse(intent === 'add' ? { ...fields, supplierCompanyId: form.get('supplierCompanyId') ?? '' } : fields)
    if (!checked.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(checked.error) }, 422, { form: formName })
    const documentFileIds = [...checked.data.documentFileIds, ...(await uploadedDocuments(ctx, form))]
    if (intent === 'add') {
      await addApprovedSupplier(ctx, AddApprovedSupplierInput.parse({ ...checked.data, documentFileIds }))
      return { ok: true as const, intent: 'add' as const }
    }
    await updateApprovedSupplier(ctx, supplierId, UpdateApprovedSupplierInput.parse({ ...checked.data, documentFileIds }))
    return { ok: true as const, intent: 'update' as const }
  } catch (error) {
    return failureFromError(error, { form: formName })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SupplierManagementPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('sourcing')
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : null
  const done = actionData?.ok ? actionData : null
  const doneNotice = { add: t('management.done.add'), update: t('management.done.update'), remove: t('management.done.remove') } satisfies Record<
    NonNullable<typeof done>['intent'],
    string
  >
  const errors = failed && 'form' in failed ? { form: String(failed.form), fields: failed.fieldErrors } : null
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('management.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('management.description')}</p>
      </div>
      {done ? <Alert tone="success">{doneNotice[done.intent]}</Alert> : null}
      {failed?.formError ? <Alert tone="error">{failed.formError.message}</Alert> : null}
      <ApprovedSupplierAddForm key={`add-${data.total}`} listedIds={data.rows.map((row) => row.supplierId)} documents={data.documents} errors={errors} />
      <section aria-labelledby="approved-list-title" className="flex flex-col gap-3">
        <h2 id="approved-list-title" className="text-lg font-medium">
          {t('management.listTitle')}
        </h2>
        <ApprovedSupplierList
          locale={locale}
          filters={data.filters}
          counts={data.counts}
          rows={data.rows}
          total={data.total}
          offset={data.offset}
          limit={data.limit}
          documents={data.documents}
          errors={errors}
        />
      </section>
    </div>
  )
}
