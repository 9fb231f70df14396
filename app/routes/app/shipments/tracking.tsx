import { randomUUID } from 'node:crypto'
import {
  ShipmentDetailView,
  ShipmentList,
  type ShipmentListRow,
  ShipmentListQuery,
  ReceiveShipmentInput,
  TrackingEventInput,
  daysBetween,
  isDelayed,
} from '../../../modules/logistics/index'
import {
  addTrackingEvent,
  type CsvRowError,
  decodeTrackingCsv,
  getShipment,
  importTrackingCsv,
  listShipments,
  shipmentCounterparts,
  projectRoute,
  type ShipmentDetail,
} from '../../../modules/logistics/index.server'
import { warehouseOptions } from '../../../modules/inventory/index.server'
import { OrderTransitionInput } from '../../../modules/orders/index'
import { getPurchaseOrder, transitionPurchaseOrder } from '../../../modules/orders/index.server'
import { pickedMessages, translator } from '../../../platform/i18n/translate.server'
import { RecordDocuments } from '../../../modules/documents/index'
import { documentNewsLines, documentNewsOfRecord, documentsOfRecord, latestBatch } from '../../../modules/documents/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import {
  type CsvUploadResult,
  MAX_RECEIPT_PHOTOS,
  type ShipmentActionResult,
  type ShipmentClaim,
  shipmentMachine,
  TrackingCsvUpload,
} from '../../../modules/logistics/index'
import { storeUploads } from '../../../modules/kernel/index.server'
import { chooseShipmentWarehouse, receiveShipment } from '../../../workflows/receive-shipment.server'
import { data } from 'react-router'
import type { ServiceContext } from '../../../platform/actor'
import { isAppError } from '../../../platform/errors'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/tracking'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const MAP_URL = '/maps/world-land.svg'
const today = () => new Date().toISOString().slice(0, 10)

/** The time on the clock of the event's place: `2026-12-11 09:30 UTC+08:00`. */
function placeTime(at: Date, offset: number | null): string | null {
  if (offset === null) return null
  const local = new Date(at.getTime() + offset * 60_000).toISOString()
  const sign = offset < 0 ? '−' : '+'
  const abs = Math.abs(offset)
  return `${local.slice(0, 10)} ${local.slice(11, 16)} UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

const stop = (place: { lat: number | null; lon: number | null }, label: string) =>
  place.lat === null || place.lon === null ? null : { lat: place.lat, lon: place.lon, label }

/** The shipment as the page shows it (plain JSON). */
function shipmentView(shipment: ShipmentDetail) {
  return {
    ...shipment,
    delayDays: Math.max(0, daysBetween(shipment.firstEta, shipment.eta), shipment.status === 'delivered' ? 0 : daysBetween(shipment.eta, today())),
    receivedAt: shipment.receivedAt?.toISOString() ?? null,
    lines: shipment.lines,
    events: shipment.events.map((event) => ({
      id: event.id,
      occurredAt: event.occurredAt.toISOString(),
      placeTime: placeTime(event.occurredAt, event.utcOffsetMinutes),
      status: event.status,
      location: event.location,
      description: event.description,
      source: event.source,
      eta: event.eta,
      authorName: event.authorName,
    })),
    etaChanges: shipment.etaChanges.map((change) => ({ ...change, createdAt: change.createdAt.toISOString() })),
    attachments: shipment.attachments.map((file) => ({ id: file.id, name: file.name })),
    receiptPhotos: shipment.receiptPhotos.map((file) => ({ id: file.id, name: file.name, contentType: file.contentType })),
    actions: {
      statuses: shipment.actions.steps.map((action) => shipmentMachine.transitions[action].to),
      track: shipment.actions.track,
      receive: shipment.actions.receive,
      chooseWarehouse: shipment.actions.chooseWarehouse,
    },
  }
}

/**
 * The buyer's claims after receiving damaged or short goods: per order, the receipt's figures as a drafted reason, and
 * whether the order can be disputed now (its goods all delivered) or later.
 */
async function claimsOf(ctx: ServiceContext, shipment: ShipmentDetail): Promise<ShipmentClaim[]> {
  if (shipment.role !== 'buyer' || !shipment.receivedAt) return []
  const t = translator(ctx.locale, 'logistics')
  const problems = new Map<string, { orderNumber: string; parts: string[] }>()
  for (const line of shipment.lines) {
    const damaged = line.damagedQuantity ?? 0
    const short = Math.max(0, line.quantity - (line.receivedQuantity ?? 0) - damaged)
    if (damaged === 0 && short === 0) continue
    const entry = problems.get(line.orderId) ?? { orderNumber: line.orderNumber, parts: [] }
    entry.parts.push(t('claims.line', { item: line.description, damaged, short, unit: line.unit }))
    problems.set(line.orderId, entry)
  }
  return Promise.all(
    [...problems].map(async ([orderId, problem]) => {
      const order = await getPurchaseOrder(ctx, orderId)
      return {
        orderId,
        orderNumber: problem.orderNumber,
        orderVersion: order.version,
        canDispute: order.actions.steps.includes('dispute'),
        disputed: order.status === 'disputed',
        reason: t('claims.reasonDraft', { shipment: shipment.number, lines: problem.parts.join('; ') }),
      }
    }),
  )
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const id = url.searchParams.get('id')
  const messages = pageData(ctx.locale, 'logistics', 'tracking.metaTitle', PAGE_MESSAGES.shipmentTracking)
  const supplying = ctx.actor.companyKind !== 'buyer'
  if (id) {
    const shipment = await withRouteErrors(() => getShipment(ctx, id))
    const warehouses = shipment.actions.receive || shipment.actions.chooseWarehouse ? await withRouteErrors(() => warehouseOptions(ctx)) : []
    const claims = await withRouteErrors(() => claimsOf(ctx, shipment))
    const [documents, documentBatch, news] = await withRouteErrors(() =>
      Promise.all([
        documentsOfRecord(ctx, 'shipment', shipment.id),
        latestBatch(ctx, 'shipment', shipment.id),
        documentNewsOfRecord(ctx, 'shipment', shipment.id),
      ]),
    )
    return {
      ...messages,
      title: `${shipment.number} · ${messages.title}`,
      i18n: { ...messages.i18n, ...pickedMessages(ctx.locale, PAGE_MESSAGES.recordDocuments) },
      locale: ctx.locale,
      view: 'detail' as const,
      shipment: shipmentView(shipment),
      claims,
      map: {
        mapUrl: MAP_URL,
        ...projectRoute({
          origin: stop(shipment.origin, shipment.originName),
          destination: stop(shipment.destination, shipment.destinationName),
          current: shipment.status === 'delivered' ? null : stop(shipment.last, shipment.lastLocation),
        }),
      },
      warehouses,
      warehouseHref: localizePath(ctx.locale, '/app/warehouse'),
      idempotencyKey: randomUUID(),
      booked: url.searchParams.get('booked') === '1',
      documents,
      documentBatch,
      // The documents' news joins the shipment's timeline (issued, accepted, rejected).
      documentNews: documentNewsLines(ctx.locale, news),
    }
  }
  const raw = Object.fromEntries(url.searchParams)
  const parsed = ShipmentListQuery.safeParse(raw)
  const query = parsed.success ? parsed.data : ShipmentListQuery.parse({})
  const [page, counterparts] = await withRouteErrors(() => Promise.all([listShipments(ctx, query), shipmentCounterparts(ctx)]))
  const rows = page.items.map((item): ShipmentListRow => ({
    id: item.id,
    number: item.number,
    role: item.role,
    status: item.status,
    mode: item.mode,
    counterpart: item.role === 'buyer' ? item.shipperName : item.buyerName,
    route: `${item.originName} → ${item.destinationName}`,
    eta: item.eta,
    delayDays: Math.max(daysBetween(item.firstEta, item.eta), daysBetween(item.eta, today())),
    late: isDelayed(item, today()),
    orderNumbers: item.orderNumbers,
    lastLocation: item.status === 'delivered' ? '' : item.lastLocation,
  }))
  return {
    ...messages,
    locale: ctx.locale,
    view: 'list' as const,
    filters: {
      status: query.status ?? '',
      mode: query.mode ?? '',
      role: query.role ?? '',
      counterpart: query.counterpart ?? '',
      q: query.q ?? '',
      etaFrom: query.etaFrom ?? '',
      etaTo: query.etaTo ?? '',
      delayed: query.delayed,
    },
    counterparts,
    rows,
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    bookHref: supplying ? localizePath(ctx.locale, '/app/shipments/shipping') : null,
    // Shippers and carriers report events; a buyer-only company reads them.
    reports: supplying,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The receipt form's flat fields (`lines.<i>.<field>`) as the nested input. */
function receiptFromForm(form: FormData): Record<string, unknown> {
  const flat = formToObject(form)
  const lines: Array<Record<string, unknown>> = []
  for (const [name, value] of Object.entries(flat)) {
    const match = /^lines\.(\d{1,3})\.(lineId|received|damaged|note)$/.exec(name)
    if (match) (lines[Number(match[1])] ??= {})[match[2]!] = value
  }
  return { ...flat, lines: lines.filter(Boolean) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const id = new URL(request.url).searchParams.get('id')
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (intent === 'importCsv') return importCsv(ctx, form)
  if (!id) return failure({ ok: false, fieldErrors: {} }, 400)
  try {
    if (intent === 'warehouse') {
      const warehouseId = String(form.get('warehouseId') ?? '')
      await chooseShipmentWarehouse(ctx, id, warehouseId || null)
      return { ok: true as const, intent }
    }
    if (intent === 'track') {
      const parsed = parseForm(TrackingEventInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      const { stored } = await addTrackingEvent(ctx, id, parsed.data)
      return { ok: true as const, intent, stored }
    }
    if (intent === 'claim') {
      const orderId = String(form.get('orderId') ?? '')
      const parsed = OrderTransitionInput.safeParse({ action: 'dispute', version: form.get('version'), reason: form.get('reason') })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, orderId })
      try {
        await transitionPurchaseOrder(ctx, orderId, parsed.data)
      } catch (error) {
        return failureFromError(error, { intent, orderId })
      }
      return { ok: true as const, intent }
    }
    if (intent === 'receive') {
      const parsed = ReceiveShipmentInput.safeParse(receiptFromForm(form))
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent })
      const photos = form.getAll('photos').filter((value) => typeof value !== 'string' && value.size > 0)
      if (photos.length > MAX_RECEIPT_PHOTOS) return failure({ ok: false, fieldErrors: { photos: ['validation.tooManyPhotos'] } }, 422, { intent })
      const idempotency = idempotencyOfForm(form)
      const photoFileIds = await storeUploads(ctx, photos, 'attachment', idempotency)
      await receiveShipment(ctx, id, { ...parsed.data, photoFileIds }, idempotency)
      return { ok: true as const, intent }
    }
  } catch (error) {
    return failureFromError(error, { intent })
  }
  return failure({ ok: false, fieldErrors: {} }, 400)
}

/** The CSV of tracking events from the list page: every row stored, or the rows' errors and nothing stored. */
async function importCsv(ctx: ServiceContext, form: FormData) {
  const intent = 'importCsv' as const
  try {
    const upload = await uploadFromForm(form.get('file'))
    if (!upload) return failure({ ok: false, fieldErrors: { file: ['csv.fileRequired'] } }, 422, { intent })
    const result = await importTrackingCsv(ctx, decodeTrackingCsv(upload.bytes))
    return { ok: true as const, intent, ...result }
  } catch (error) {
    const rows = isAppError(error) ? (error.details?.rows as CsvRowError[] | undefined) : undefined
    if (rows)
      return data(
        { ok: false as const, intent, fieldErrors: {}, rows: rows.map((row) => ({ row: row.row, field: row.field, message: row.message })) },
        { status: 422 },
      )
    return failureFromError(error, { intent })
  }
}

export default function TrackingPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('logistics')
  useLiveRevalidate((change) => change.entity === 'shipment')
  if (data.view === 'detail')
    return (
      <div className="flex flex-col gap-6">
        <ShipmentDetailView
          locale={data.locale}
          shipment={data.shipment}
          claims={data.claims}
          map={data.map}
          warehouses={data.warehouses}
          warehouseHref={data.warehouseHref}
          result={actionData as ShipmentActionResult}
          idempotencyKey={data.idempotencyKey}
          booked={data.booked}
          documentNews={data.documentNews}
        />
        <RecordDocuments
          locale={data.locale}
          source={{ kind: 'shipment', id: data.shipment.id }}
          documents={data.documents}
          canCreate={data.shipment.role === 'shipper'}
          batch={data.documentBatch}
        />
      </div>
    )
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('tracking.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('tracking.description')}</p>
      </div>
      <ShipmentList
        locale={data.locale}
        filters={data.filters}
        counterparts={data.counterparts}
        rows={data.rows}
        total={data.total}
        offset={data.offset}
        limit={data.limit}
        bookHref={data.bookHref}
      />
      {data.reports ? (
        <TrackingCsvUpload result={actionData && 'intent' in actionData && actionData.intent === 'importCsv' ? (actionData as CsvUploadResult) : undefined} />
      ) : null}
    </div>
  )
}
