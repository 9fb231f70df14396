import { randomUUID } from 'node:crypto'
import { Form, Link, redirect } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { listSuppliers, getSupplierProfile, searchOrderableProducts } from '../../../modules/catalog/index.server'
import { FILE_LIST_MAX_LIMIT } from '../../../modules/kernel/index'
import { listAddresses, requireActor } from '../../../modules/companies/index.server'
import { publishedAvailability } from '../../../modules/inventory/index.server'
import { listFiles, storeUploads } from '../../../modules/kernel/index.server'
import {
  CreatePurchaseOrderInput,
  OrderForm,
  type OrderFormLine,
  type OrderFormProduct,
  type OrderFormValues,
  UpdatePurchaseOrderInput,
} from '../../../modules/orders/index'
import {
  createPurchaseOrder,
  getPurchaseOrder,
  transitionPurchaseOrder,
  updatePurchaseOrder,
  type PurchaseOrderDetail,
} from '../../../modules/orders/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { pickedMessages, translator } from '../../../platform/i18n/translate.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/new-order'
import { PAGE_MESSAGES } from '../../page-messages'

const SUPPLIER_CHOICES = 20

/** A draft the actor may still edit: its own company's, not yet placed. */
async function editableDraft(ctx: ServiceContext, id: string): Promise<PurchaseOrderDetail> {
  const draft = await getPurchaseOrder(ctx, id)
  if (!draft.actions.editDraft) throw new AppError('invalid_transition', 'Only a draft can be edited; propose a change instead')
  return draft
}

const draftValues = (draft: PurchaseOrderDetail): OrderFormValues => ({
  currency: draft.currency,
  incoterm: draft.incoterm,
  incotermPlace: draft.incotermPlace,
  paymentTerms: draft.paymentTerms,
  requestedDeliveryDate: draft.requestedDeliveryDate ?? '',
  shipToAddressId: draft.shipToAddressId ?? '',
  notes: draft.notes,
  attachmentFileIds: draft.attachments.map((file) => file.id),
  lines: draft.lines.map((line) =>
    line.productId
      ? { productId: line.productId, description: '', unit: '', unitPrice: '', quantity: String(line.quantity) }
      : { productId: '', description: line.description, unit: line.unit, unitPrice: line.unitPrice, quantity: String(line.quantity) },
  ),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const title = translator(ctx.locale, 'orders')('form.metaTitle')
  const i18n = pickedMessages(ctx.locale, PAGE_MESSAGES.newOrder)
  const draftId = url.searchParams.get('draft')
  const draft = draftId ? await withRouteErrors(() => editableDraft(ctx, draftId)) : null
  const supplierId = draft?.supplier.id ?? url.searchParams.get('supplier') ?? ''
  if (!supplierId) {
    const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
    const suppliers = await listSuppliers({ q: q || undefined, limit: SUPPLIER_CHOICES })
    return {
      title,
      i18n,
      step: 'supplier' as const,
      q,
      suppliers: suppliers.items
        .filter((item) => item.id !== ctx.actor.companyId)
        .map((item) => ({ id: item.id, name: item.name, country: item.country, city: item.city })),
    }
  }
  const productQuery = (url.searchParams.get('pq') ?? '').trim().slice(0, 100)
  const [supplier, catalog, addresses, files] = await withRouteErrors(() =>
    Promise.all([
      getSupplierProfile(supplierId, ctx.locale, { limit: 1 }),
      searchOrderableProducts(supplierId, productQuery, ctx.locale),
      listAddresses(ctx, { type: 'shipping' }),
      listFiles(ctx, { purpose: 'attachment', limit: FILE_LIST_MAX_LIMIT }),
    ]),
  )
  if (!supplier) throw new Response(translator(ctx.locale, 'orders')('validation.supplier'), { status: 404 })
  // A draft's catalogue lines stay choosable even when the product search leaves them out.
  const listed = [...catalog.products]
  for (const line of draft?.lines ?? []) {
    if (line.productId && !listed.some((product) => product.id === line.productId))
      listed.push({ id: line.productId, sku: line.sku, name: line.description, unit: line.unit, moq: 1, breaks: [] })
  }
  const availability = await publishedAvailability(
    supplier.id,
    listed.map((product) => product.id),
  )
  const products: OrderFormProduct[] = listed.map((product) => ({ ...product, available: availability.get(product.id) ?? null }))
  const preselected = url.searchParams.get('product')
  const firstLine: OrderFormLine[] =
    preselected && products.some((product) => product.id === preselected)
      ? [
          {
            productId: preselected,
            description: '',
            unit: '',
            unitPrice: '',
            quantity: String(products.find((product) => product.id === preselected)?.moq ?? 1),
          },
        ]
      : []
  // Ship to the company's default shipping address; FOB's named place is where the supplier loads (its city).
  const shipTo = addresses.find((address) => address.isDefault) ?? addresses[0]
  const defaults: OrderFormValues = {
    currency: catalog.priceList?.currency ?? 'USD',
    incoterm: 'FOB',
    incotermPlace: supplier.city ?? '',
    paymentTerms: 'tt_30_70',
    requestedDeliveryDate: '',
    shipToAddressId: shipTo?.id ?? '',
    notes: '',
    attachmentFileIds: [],
    lines: firstLine,
  }
  return {
    title,
    i18n,
    step: 'lines' as const,
    supplier: { id: supplier.id, name: supplier.name },
    productQuery,
    products,
    priceListCurrency: catalog.priceList?.currency ?? null,
    addresses,
    attachmentFiles: files.items.map((file) => ({ id: file.id, name: file.name })),
    // One key per rendering of the form: a double submit finds the order the first one created.
    idempotencyKey: randomUUID(),
    draft: draft ? { id: draft.id, number: draft.number, version: draft.version } : null,
    values: draft ? draftValues(draft) : defaults,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The submitted line rows; rows left blank are skipped, `indices` maps the kept rows back to the form's rows. */
function submittedLines(form: FormData) {
  const rows = new Map<number, OrderFormLine>()
  for (const [name, value] of form) {
    const match = /^lines\.(\d+)\.(productId|description|unit|unitPrice|quantity)$/.exec(name)
    if (!match || typeof value !== 'string') continue
    const index = Number(match[1])
    const row = rows.get(index) ?? { productId: '', description: '', unit: '', unitPrice: '', quantity: '' }
    row[match[2] as keyof OrderFormLine] = value
    rows.set(index, row)
  }
  const all = [...rows].sort(([a], [b]) => a - b)
  const kept = all.filter(([, row]) => Object.values(row).some((value) => value.trim() !== ''))
  return { lines: kept.map(([, row]) => row), indices: kept.map(([index]) => index), all: all.map(([, row]) => row) }
}

const toFormRows = (fields: Record<string, string[]>, indices: number[]) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [name.replace(/^lines\.(\d+)\./, (_all, kept: string) => `lines.${indices[Number(kept)] ?? kept}.`), keys]),
  )

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const draftId = new URL(request.url).searchParams.get('draft')
  const form = await request.formData()
  const place = form.get('intent') === 'place'
  const { lines, indices, all } = submittedLines(form)
  const text = (name: string) => String(form.get(name) ?? '')
  const values: OrderFormValues = {
    currency: text('currency'),
    incoterm: text('incoterm'),
    incotermPlace: text('incotermPlace'),
    paymentTerms: text('paymentTerms'),
    requestedDeliveryDate: text('requestedDeliveryDate'),
    shipToAddressId: text('shipToAddressId'),
    notes: text('notes'),
    attachmentFileIds: form.getAll('attachmentFileIds').map(String),
    lines: all,
  }
  const raw = { ...values, supplierCompanyId: text('supplierCompanyId'), version: text('version'), lines, place }
  const parsed = draftId ? UpdatePurchaseOrderInput.safeParse(raw) : CreatePurchaseOrderInput.safeParse(raw)
  if (!parsed.success) return failure({ ok: false, fieldErrors: toFormRows(fieldErrorsOf(parsed.error), indices) }, 422, { values: JSON.stringify(values) })
  try {
    const idempotency = idempotencyOfForm(form)
    const uploaded = await storeUploads(ctx, form.getAll('newAttachments'), 'attachment', idempotency)
    values.attachmentFileIds.push(...uploaded)
    const attachmentFileIds = [...parsed.data.attachmentFileIds, ...uploaded]
    let order: PurchaseOrderDetail
    if (draftId && 'version' in parsed.data) {
      order = await updatePurchaseOrder(ctx, draftId, { ...parsed.data, attachmentFileIds })
      if (place) order = await transitionPurchaseOrder(ctx, order.id, { action: 'place', version: order.version, reason: '' })
    } else if ('supplierCompanyId' in parsed.data) {
      order = await createPurchaseOrder(ctx, { ...parsed.data, attachmentFileIds }, idempotency)
    } else {
      throw new AppError('bad_request', 'Unexpected form')
    }
    return redirect(`${localizePath(ctx.locale, `/app/orders/${order.id}/view`)}?saved=${order.status === 'draft' ? 'draft' : 'placed'}`)
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
      return failure({ ok: false, fieldErrors: toFormRows(error.details.fields as Record<string, string[]>, indices) }, 422, { values: JSON.stringify(values) })
    }
    return failureFromError(error, { values: JSON.stringify(values) })
  }
}

export default function NewOrderPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('orders')
  const { locale } = useRootData()
  const base = localizePath(locale, '/app/orders/new-order')
  if (data.step === 'supplier') {
    return (
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold">{t('form.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('form.description')}</p>
        </div>
        <Card className="flex flex-col gap-4 p-6">
          <CardTitle>{t('form.chooseSupplier')}</CardTitle>
          <Form method="get" action={base} role="search" aria-label={t('form.supplierSearch')} className="flex flex-wrap items-end gap-2">
            <FormField label={t('form.supplierSearch')} className="min-w-64 flex-1">
              {(control) => <Input type="search" name="q" defaultValue={data.q} maxLength={200} {...control} />}
            </FormField>
            <Button type="submit" variant="secondary">
              {t('form.search')}
            </Button>
          </Form>
          {data.suppliers.length === 0 ? (
            <EmptyState title={t('form.noSuppliers')} />
          ) : (
            <ul className="divide-y divide-border">
              {data.suppliers.map((supplier) => (
                <li key={supplier.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    <span className="font-medium">{supplier.name}</span>{' '}
                    <span className="text-sm text-muted-foreground">{[supplier.city, supplier.country].filter(Boolean).join(', ')}</span>
                  </span>
                  <Link to={`${base}?supplier=${encodeURIComponent(supplier.id)}`} className={buttonClasses('secondary', undefined, 'sm')}>
                    {t('form.choose', { name: supplier.name })}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    )
  }
  const failed = actionData && !actionData.ok ? actionData : undefined
  const values = failed && 'values' in failed && typeof failed.values === 'string' ? (JSON.parse(failed.values) as OrderFormValues) : data.values
  const supplierParam = `supplier=${encodeURIComponent(data.supplier.id)}`
  return (
    <AppPage title={data.draft ? t('form.editTitle', { number: data.draft.number }) : t('form.title')} description={t('form.description')}>
      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('form.supplier')}</CardTitle>
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-medium">{data.supplier.name}</span>
          {data.draft ? null : (
            <Link to={base} className={buttonClasses('ghost', undefined, 'sm')}>
              {t('form.changeSupplier')}
            </Link>
          )}
        </p>
        <Form method="get" action={base} role="search" aria-label={t('form.productSearch')} className="flex flex-wrap items-end gap-2">
          {data.draft ? <input type="hidden" name="draft" value={data.draft.id} /> : <input type="hidden" name="supplier" value={data.supplier.id} />}
          <FormField label={t('form.productSearch')} hint={t('form.productSearchHint')} className="min-w-64 flex-1">
            {(control) => <Input type="search" name="pq" defaultValue={data.productQuery} maxLength={100} {...control} />}
          </FormField>
          <Button type="submit" variant="secondary">
            {t('form.search')}
          </Button>
        </Form>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('form.productCount', { count: data.products.length })}
        </p>
      </Card>
      <OrderForm
        // A product search keeps the lines entered so far; another supplier or draft starts a new form.
        key={`${supplierParam}|${data.draft?.id ?? ''}`}
        locale={locale}
        supplier={data.supplier}
        products={data.products}
        priceListCurrency={data.priceListCurrency}
        addresses={data.addresses}
        attachmentFiles={data.attachmentFiles}
        idempotencyKey={data.idempotencyKey}
        draft={data.draft}
        values={values}
        fieldErrors={failed?.fieldErrors}
        formError={failed && 'formError' in failed ? failed.formError : undefined}
      />
    </AppPage>
  )
}
