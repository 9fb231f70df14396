import { isCurrencyCode } from '../../platform/format/intl-values'
import { isDecimalText } from '../catalog/index'
import { z } from '../../platform/zod'
import { CHANGE_REQUEST_KINDS, INCOTERMS, MAX_ORDER_ATTACHMENTS, MAX_ORDER_LINES, PAYMENT_TERMS, PURCHASE_ORDER_STATUSES } from './orders.constants'
import { CHANGE_DECISIONS, DIRECT_ACTIONS, type PurchaseOrderAction } from './purchase-order.machine'

const MAX_QUANTITY = 1_000_000_000
const isoDate = z.string('validation.date').regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)

export const currencyField = z
  .string('validation.currency')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => isCurrencyCode(value), 'validation.currency')

/** A money amount as exact decimal text (numeric(18,4)); never a float, never negative. */
export const amountField = z
  .union([z.string(), z.number()], 'validation.amount')
  .transform((value) => String(value).trim())
  .refine((value) => isDecimalText(value, 4), 'validation.amount')
  .refine((value) => value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, 'validation.amount')

export const quantityField = z.coerce
  .number('validation.quantity')
  .int('validation.quantity')
  .min(1, 'validation.quantity')
  .max(MAX_QUANTITY, 'validation.quantity')
const shipQuantityField = z.coerce
  .number('validation.quantity')
  .int('validation.quantity')
  .min(0, 'validation.quantity')
  .max(MAX_QUANTITY, 'validation.quantity')

/** A catalogue line (productId; price from the supplier's list) or a free-text line (description, unit and price). */
export const OrderLineInput = z
  .object({
    productId: z.preprocess(blankToUndefined, id('validation.product').optional()),
    description: z.preprocess(
      blankToUndefined,
      z.string('validation.description').trim().min(1, 'validation.description').max(500, 'validation.descriptionTooLong').optional(),
    ),
    unit: z.preprocess(blankToUndefined, z.string('validation.unit').trim().min(1, 'validation.unit').max(20, 'validation.unit').optional()),
    unitPrice: z.preprocess(blankToUndefined, amountField.optional()),
    quantity: quantityField,
  })
  .superRefine((line, issues) => {
    if (line.productId) return
    if (!line.description) issues.addIssue({ code: 'custom', path: ['description'], message: 'validation.description' })
    if (!line.unitPrice) issues.addIssue({ code: 'custom', path: ['unitPrice'], message: 'validation.amount' })
  })
export type OrderLineInput = z.infer<typeof OrderLineInput>

const termsFields = {
  currency: currencyField,
  incoterm: z.enum(INCOTERMS, 'validation.incoterm'),
  incotermPlace: z.string('validation.incotermPlace').trim().min(2, 'validation.incotermPlace').max(120, 'validation.incotermPlace'),
  paymentTerms: z.enum(PAYMENT_TERMS, 'validation.paymentTerms'),
  requestedDeliveryDate: z.preprocess(blankToUndefined, isoDate.optional()),
  shipToAddressId: z.preprocess(blankToUndefined, id('validation.address').optional()),
  notes: z.preprocess((value) => value ?? '', z.string('validation.notes').trim().max(4000, 'validation.notesTooLong')),
  attachmentFileIds: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : (value ?? [])),
    z.array(id('validation.attachment'), 'validation.attachment').max(MAX_ORDER_ATTACHMENTS, 'validation.tooManyAttachments'),
  ),
}

/** A new purchase order (saved as a draft; `place` sends it). */
export const CreatePurchaseOrderInput = z.object({
  supplierCompanyId: id('validation.supplier'),
  ...termsFields,
  lines: z.array(OrderLineInput, 'validation.lines').min(1, 'validation.lines').max(MAX_ORDER_LINES, 'validation.tooManyLines'),
  /** Place it at once instead of keeping a draft. */
  place: z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean()).default(false),
})
export type CreatePurchaseOrderInput = z.infer<typeof CreatePurchaseOrderInput>

/** A draft's terms and lines, replaced as a whole; `version` is the one the editor loaded. */
export const UpdatePurchaseOrderInput = CreatePurchaseOrderInput.omit({ supplierCompanyId: true, place: true }).extend({
  version: z.coerce.number('validation.version').int().min(1),
})
export type UpdatePurchaseOrderInput = z.infer<typeof UpdatePurchaseOrderInput>

const reasonField = z.preprocess((value) => value ?? '', z.string('validation.reason').trim().max(1000, 'validation.reasonTooLong'))

/** A lifecycle step taken from the order page. Ship and deliver carry per-line quantities (line id → quantity). */
export const OrderTransitionInput = z.object({
  action: z
    .enum(DIRECT_ACTIONS as [PurchaseOrderAction, ...PurchaseOrderAction[]], 'validation.action')
    // Orders ship by booking a shipment (POST /api/v1/shipments).
    .refine((action) => action !== 'ship', 'validation.shipWithShipment'),
  version: z.coerce.number('validation.version').int().min(1),
  reason: reasonField,
  quantities: z.record(z.string(), shipQuantityField).optional(),
})
export type OrderTransitionInput = z.infer<typeof OrderTransitionInput>

/** A proposed change after confirmation: new quantities and prices of existing lines and/or new terms. */
export const ChangeRequestInput = z
  .object({
    kind: z.enum(CHANGE_REQUEST_KINDS, 'validation.changeKind'),
    version: z.coerce.number('validation.version').int().min(1),
    reason: reasonField,
    lines: z
      .array(z.object({ lineId: id('validation.line'), quantity: quantityField, unitPrice: amountField }), 'validation.lines')
      .max(MAX_ORDER_LINES, 'validation.tooManyLines')
      .optional(),
    requestedDeliveryDate: z.preprocess(blankToUndefined, isoDate.optional()),
    incoterm: z.preprocess(blankToUndefined, z.enum(INCOTERMS, 'validation.incoterm').optional()),
    incotermPlace: z.preprocess(
      blankToUndefined,
      z.string('validation.incotermPlace').trim().min(2, 'validation.incotermPlace').max(120, 'validation.incotermPlace').optional(),
    ),
    paymentTerms: z.preprocess(blankToUndefined, z.enum(PAYMENT_TERMS, 'validation.paymentTerms').optional()),
    notes: z.preprocess(blankToUndefined, z.string('validation.notes').trim().max(4000, 'validation.notesTooLong').optional()),
  })
  .superRefine((input, issues) => {
    if (input.kind === 'cancel' && !input.reason) issues.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason' })
    const proposes =
      input.lines?.length || input.requestedDeliveryDate || input.incoterm || input.incotermPlace || input.paymentTerms || input.notes !== undefined
    if (input.kind === 'change' && !proposes) issues.addIssue({ code: 'custom', path: ['lines'], message: 'validation.nothingChanged' })
  })
export type ChangeRequestInput = z.infer<typeof ChangeRequestInput>

export const ChangeDecisionInput = z.object({
  decision: z.enum(CHANGE_DECISIONS, 'validation.decision'),
  note: reasonField,
})
export type ChangeDecisionInput = z.infer<typeof ChangeDecisionInput>

export const ORDER_SIDES = ['all', 'buyer', 'supplier'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]
export const ORDER_LIST_DEFAULT_LIMIT = 25
export const ORDER_LIST_MAX_LIMIT = 100

/** The order lists' filters: side, status, counterpart company, created between two dates, and a search of numbers and names. */
export const OrderListQuery = z.object({
  side: z.preprocess(blankToUndefined, z.enum(ORDER_SIDES, 'validation.side').default('all')),
  status: z.preprocess(blankToUndefined, z.enum(PURCHASE_ORDER_STATUSES, 'validation.status').optional()),
  counterpart: z.preprocess(blankToUndefined, id('validation.counterpart').optional()),
  from: z.preprocess(blankToUndefined, isoDate.optional()),
  to: z.preprocess(blankToUndefined, isoDate.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type OrderListQuery = z.infer<typeof OrderListQuery>
