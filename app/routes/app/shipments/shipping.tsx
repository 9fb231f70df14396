import { randomUUID } from 'node:crypto'
import { Form, Link, redirect } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { BookingForm, type BookingLine, bookingFromForm, BookShipmentInput, MAX_SHIPMENT_ATTACHMENTS } from '../../../modules/logistics/index'
import { bookShipment } from '../../../modules/logistics/index.server'
import { storeUploads } from '../../../modules/kernel/index.server'
import { shippableOrderLines, type ShippableLine } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { z } from '../../../platform/zod'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/shipping'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Places on the origin side of the Incoterm's named place (the seller hands over at home). */
const ORIGIN_TERMS = new Set(['EXW', 'FCA', 'FAS', 'FOB'])

/** One shipment's worth of choices: a buyer's orders of one supplier (a freight provider may carry several's). */
type Buyer = { key: string; name: string; supplierName: string | null; orders: number; lines: number }
const buyerKey = (line: ShippableLine) => `${line.supplierCompanyId ?? ''}:${line.buyerCompanyId ?? `name:${line.buyerName}`}`

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const open = await withRouteErrors(() => shippableOrderLines(ctx))
  const buyers = new Map<string, Buyer>()
  for (const line of open) {
    const key = buyerKey(line)
    // Lines of orders the company carries for another supplier name that supplier.
    const supplierName = line.supplierCompanyId === ctx.actor.companyId ? null : line.supplierName
    const buyer = buyers.get(key) ?? { key, name: line.buyerName, supplierName, orders: 0, lines: 0 }
    buyer.lines += 1
    buyers.set(key, buyer)
  }
  for (const buyer of buyers.values()) buyer.orders = new Set(open.filter((line) => buyerKey(line) === buyer.key).map((line) => line.orderId)).size
  const orderId = url.searchParams.get('order')
  const fromOrder = orderId ? open.find((line) => line.orderId === orderId) : undefined
  const chosen = fromOrder ? buyerKey(fromOrder) : (url.searchParams.get('buyer') ?? (buyers.size === 1 ? [...buyers.keys()][0]! : null))
  const lines = chosen ? open.filter((line) => buyerKey(line) === chosen) : []
  const first = lines.find((line) => line.orderId === orderId) ?? lines[0]
  const today = new Date()
  return {
    ...pageData(ctx.locale, 'logistics', 'booking.metaTitle', PAGE_MESSAGES.shipmentBooking),
    locale: ctx.locale,
    buyers: [...buyers.values()],
    chosen: chosen && buyers.has(chosen) ? chosen : null,
    // An order named in the URL that has nothing left to ship (or is not this supplier's) is said so, not ignored.
    orderNotOpen: orderId !== null && !fromOrder,
    buyerName: first?.buyerName ?? '',
    supplierName: first && first.supplierCompanyId !== ctx.actor.companyId ? first.supplierName : null,
    lines: lines.map((line): BookingLine => ({
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      orderLineId: line.orderLineId,
      sku: line.sku,
      description: line.description,
      unit: line.unit,
      quantity: line.quantity,
      shipped: line.shipped,
      remaining: line.remaining,
      preselected: orderId === null ? lines.length === 1 : line.orderId === orderId,
    })),
    defaults: {
      origin: { name: first && ORIGIN_TERMS.has(first.incoterm) ? first.incotermPlace : '', country: '' },
      destination: {
        name: first?.shipTo?.city ?? (first && !ORIGIN_TERMS.has(first.incoterm) ? first.incotermPlace : ''),
        country: first?.shipTo?.country ?? '',
      },
      etd: isoDay(today),
      eta: isoDay(new Date(today.getTime() + 30 * DAY_MS)),
      incoterm: first?.incoterm ?? '',
      incotermPlace: first?.incotermPlace ?? '',
    },
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  if (form.get('intent') !== 'book') return failure({ ok: false, fieldErrors: {} }, 400)
  const parsed = BookShipmentInput.safeParse(bookingFromForm(form))
  if (!parsed.success) return failure(fieldFailure(parsed.error), 422)
  const uploads = form.getAll('newAttachments').filter((value) => typeof value !== 'string' && value.size > 0)
  if (parsed.data.attachmentFileIds.length + uploads.length > MAX_SHIPMENT_ATTACHMENTS)
    return failure({ ok: false as const, fieldErrors: { newAttachments: ['validation.tooManyAttachments'] } }, 422)
  let id: string
  try {
    const idempotency = idempotencyOfForm(form)
    const uploaded = await storeUploads(ctx, uploads, 'attachment', idempotency)
    id = await bookShipment(ctx, { ...parsed.data, attachmentFileIds: [...parsed.data.attachmentFileIds, ...uploaded] }, idempotency)
  } catch (error) {
    return failureFromError(error)
  }
  return redirect(localizePath(ctx.locale, `/app/shipments/tracking?id=${encodeURIComponent(id)}&booked=1`))
}

/** The nested input's problems under the form's field names (a line's problem belongs to the lines). */
function fieldFailure(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(fieldErrorsOf(error))) (fieldErrors[name.startsWith('lines.') ? 'lines' : name] ??= []).push(...messages)
  return { ok: false as const, fieldErrors }
}

export default function ShippingPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('logistics')
  const trackingHref = localizePath(data.locale, '/app/shipments/tracking')
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('booking.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('booking.description')}</p>
        </div>
        <Link to={trackingHref} className={buttonClasses('secondary')}>
          {t('booking.allShipments')}
        </Link>
      </div>
      {data.orderNotOpen ? (
        <p role="status" className="rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          {t('booking.orderNotOpen')}
        </p>
      ) : null}
      {data.buyers.length === 0 ? (
        <EmptyState
          icon="truck"
          title={t('booking.emptyTitle')}
          description={t('booking.emptyDescription')}
          action={
            <Link to={localizePath(data.locale, '/app/supplier/purchase-order?status=confirmed')} className={buttonClasses('secondary')}>
              {t('booking.emptyAction')}
            </Link>
          }
        />
      ) : data.chosen === null ? (
        <Card className="flex flex-col gap-4 p-6">
          <div>
            <CardTitle>{t('booking.chooseBuyerTitle')}</CardTitle>
            <CardDescription>{t('booking.chooseBuyerHint')}</CardDescription>
          </div>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <FormField label={t('booking.buyer')} className="min-w-64">
              {(control) => (
                <NativeSelect name="buyer" required {...control}>
                  {data.buyers.map((buyer) => (
                    <option key={buyer.key} value={buyer.key}>
                      {buyer.supplierName === null
                        ? t('booking.buyerOption', { name: buyer.name, orders: buyer.orders, lines: buyer.lines })
                        : t('booking.carriedOption', { name: buyer.name, supplier: buyer.supplierName, orders: buyer.orders, lines: buyer.lines })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" variant="secondary">
              {t('booking.continue')}
            </Button>
          </Form>
        </Card>
      ) : (
        <BookingForm
          locale={data.locale}
          buyerName={data.buyerName}
          supplierName={data.supplierName}
          lines={data.lines}
          defaults={data.defaults}
          idempotencyKey={data.idempotencyKey}
          result={actionData && !actionData.ok ? actionData : undefined}
        />
      )}
    </div>
  )
}
