// The loader and action shared by the buyer's and the supplier's order page (same order, same forms).
import { randomUUID } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { ChangeDecisionInput, ChangeRequestInput, ORDER_SAVES, OrderTransitionInput } from '../../../modules/orders/index'
import { decideChange, getPurchaseOrder, requestChange, transitionPurchaseOrder } from '../../../modules/orders/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { pickedMessages } from '../../../platform/i18n/translate.server'
import { isDelayed, type OrderShipmentRow } from '../../../modules/logistics/index'
import { shipmentsOfOrder } from '../../../modules/logistics/index.server'
import { documentsOfRecord } from '../../../modules/documents/index.server'
import { orderPaymentsView } from '../../../modules/finance/index'
import { orderPayments } from '../../../modules/finance/index.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { pageData } from '../../page-data.server'
import { threadEntry } from '../inbox/entry-points.server'

type OrderRouteArgs = { request: Request; params: { id?: string; lang?: string }; context: Readonly<RouterContextProvider> }

export async function loadOrderDetail({ request, params, context }: OrderRouteArgs) {
  const ctx = requireActor(context, params)
  const order = await withRouteErrors(() => getPurchaseOrder(ctx, params.id ?? ''))
  const saved = ORDER_SAVES.find((value) => value === new URL(request.url).searchParams.get('saved')) ?? null
  const page = pageData(ctx.locale, 'orders', 'detail.metaTitle', PAGE_MESSAGES.orderDetail)
  // Buyer and supplier talk about the order in its thread; its goods travel on shipments.
  const [orderThread, carried, documents, money] = await Promise.all([
    threadEntry(ctx, { kind: 'order', orderId: order.id }),
    shipmentsOfOrder(ctx, order.id),
    documentsOfRecord(ctx, 'purchase_order', order.id),
    // Payment & escrow: the plan of its terms and what was paid (none for a draft, which takes no payment yet).
    order.status === 'draft' ? null : orderPayments(ctx, order.id),
  ])
  const today = new Date().toISOString().slice(0, 10)
  const shipments = carried.map((shipment): OrderShipmentRow => ({
    id: shipment.id,
    number: shipment.number,
    status: shipment.status,
    mode: shipment.mode,
    eta: shipment.eta,
    late: isDelayed(shipment, today),
    lastLocation: shipment.lastLocation,
    units: shipment.units,
    received: shipment.receivedAt !== null,
  }))
  return {
    ...page,
    i18n: {
      ...page.i18n,
      ...pickedMessages(ctx.locale, PAGE_MESSAGES.orderShipments),
      ...pickedMessages(ctx.locale, PAGE_MESSAGES.recordDocuments),
      ...pickedMessages(ctx.locale, PAGE_MESSAGES.orderPayments),
    },
    order,
    saved,
    orderThread,
    shipments,
    documents,
    payments: money ? orderPaymentsView(money) : null,
    paymentKey: randomUUID(),
  }
}

export const ORDER_INTENTS = ['transition', 'change', 'cancelRequest', 'decide'] as const
type OrderIntent = (typeof ORDER_INTENTS)[number]
const isIntent = (value: string): value is OrderIntent => (ORDER_INTENTS as readonly string[]).includes(value)

/** Per-line inputs named `<prefix>.<lineId>`: the line ids with their values. */
function perLine(form: FormData, prefix: string): Map<string, string> {
  const values = new Map<string, string>()
  for (const [name, value] of form) if (name.startsWith(`${prefix}.`) && typeof value === 'string') values.set(name.slice(prefix.length + 1), value)
  return values
}

/** The changed lines of a proposal: a line whose quantity and price are both as they are is left out. */
function proposedLines(form: FormData) {
  const quantities = perLine(form, 'quantity')
  const prices = perLine(form, 'unitPrice')
  const current = perLine(form, 'current')
  return [...quantities].flatMap(([lineId, quantity]) => {
    const unitPrice = prices.get(lineId) ?? ''
    return current.get(lineId) === `${quantity}|${unitPrice}` ? [] : [{ lineId, quantity, unitPrice }]
  })
}

/** Errors under `lines.<index>.<field>` renamed to `lines.<lineId>.<field>`, the names the change form shows. */
const byLineId = (fields: Record<string, string[]>, lineIds: string[]) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [name.replace(/^lines\.(\d+)\./, (_all, index: string) => `lines.${lineIds[Number(index)] ?? index}.`), keys]),
  )

export async function orderDetailAction({ request, params, context }: OrderRouteArgs) {
  const ctx = requireActor(context, params)
  const id = params.id ?? ''
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (!isIntent(intent)) return failure({ ok: false, fieldErrors: {} }, 400)
  const version = form.get('version')
  const reason = form.get('reason') ?? ''
  let lineIds: string[] = []
  try {
    if (intent === 'transition') {
      const action = String(form.get('action') ?? '')
      const quantities = Object.fromEntries(perLine(form, 'quantities'))
      const parsed = OrderTransitionInput.safeParse({ action, version, reason, quantities: Object.keys(quantities).length > 0 ? quantities : undefined })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, action })
      await transitionPurchaseOrder(ctx, id, parsed.data)
      return { ok: true as const, intent, done: parsed.data.action }
    }
    if (intent === 'change' || intent === 'cancelRequest') {
      const lines = intent === 'change' ? proposedLines(form) : []
      lineIds = lines.map((line) => line.lineId)
      const raw =
        intent === 'change'
          ? {
              kind: 'change',
              version,
              reason,
              lines: lines.length > 0 ? lines : undefined,
              requestedDeliveryDate: form.get('requestedDeliveryDate'),
              incoterm: form.get('incoterm'),
              incotermPlace: form.get('incotermPlace'),
              paymentTerms: form.get('paymentTerms'),
              notes: form.get('notes'),
            }
          : { kind: 'cancel', version, reason }
      const parsed = ChangeRequestInput.safeParse(raw)
      if (!parsed.success) return failure({ ok: false, fieldErrors: byLineId(fieldErrorsOf(parsed.error), lineIds) }, 422, { intent })
      await requestChange(ctx, id, parsed.data)
      return { ok: true as const, intent, done: intent }
    }
    const parsed = ChangeDecisionInput.safeParse({ decision: form.get('decision'), note: form.get('note') ?? '' })
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent })
    await decideChange(ctx, id, String(form.get('changeId') ?? ''), parsed.data)
    return { ok: true as const, intent, done: parsed.data.decision }
  } catch (error) {
    if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
      return failure({ ok: false, fieldErrors: byLineId(error.details.fields as Record<string, string[]>, lineIds) }, 422, {
        intent,
        action: String(form.get('action') ?? ''),
      })
    }
    return failureFromError(error, { intent, action: String(form.get('action') ?? '') })
  }
}
