import { isCountryCode } from '../../platform/countries'
import { z } from '../../platform/zod'
import { FREIGHT_MODES, INCOTERMS, ORDERABLE_SERVICES, SERVICE_ORDER_KINDS, SERVICE_ORDER_STATUSES } from './orders.constants'
import { amountField, currencyField } from './purchase-order.inputs'

const isoDate = z.string('validation.date').regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const text = (message: string, min: number, max: number) => z.string(message).trim().min(min, message).max(max, message)
const optionalText = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))
const country = z.string('validation.country').trim().toUpperCase().refine(isCountryCode, 'validation.country')
const checkbox = z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean())

/** A positive exact decimal (weight, volume, price): never a float, never zero or negative. */
const positiveAmount = (message: string) =>
  z
    .union([z.string(), z.number()], message)
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,12}(\.\d{1,4})?$/.test(value) && /[1-9]/.test(value), message)

export const serviceTypeField = z.enum(ORDERABLE_SERVICES, 'validation.serviceType')

/** A service order: what the buyer needs done, where and when, by which provider. */
export const CreateServiceOrderInput = z.object({
  serviceType: serviceTypeField,
  providerCompanyId: id('validation.provider'),
  scope: text('validation.scope', 3, 4000),
  location: optionalText(200, 'validation.location'),
  serviceDate: z.preprocess(blankToUndefined, isoDate.optional()),
  linkedPurchaseOrderId: z.preprocess(blankToUndefined, id('validation.linkedPurchaseOrder').optional()),
})
export type CreateServiceOrderInput = z.infer<typeof CreateServiceOrderInput>

/** A freight request: what is carried, from where to where, how and when it is ready. */
export const FreightDetailsInput = z.object({
  origin: text('validation.origin', 2, 200),
  originCountry: country,
  destination: text('validation.destination', 2, 200),
  destinationCountry: country,
  mode: z.enum(FREIGHT_MODES, 'validation.mode'),
  packages: z.coerce.number('validation.packages').int('validation.packages').min(1, 'validation.packages').max(1_000_000, 'validation.packages'),
  weightKg: positiveAmount('validation.weight'),
  volumeM3: positiveAmount('validation.volume'),
  dangerousGoods: checkbox,
  readyDate: isoDate,
  incoterm: z.enum(INCOTERMS, 'validation.incoterm'),
  cargoDescription: text('validation.cargoDescription', 3, 2000),
})
export type FreightDetailsInput = z.infer<typeof FreightDetailsInput>

export const CreateLogisticOrderInput = FreightDetailsInput
export type CreateLogisticOrderInput = FreightDetailsInput

/** The steps taken on the order page (accepting a freight quote has its own input). */
export const SERVICE_ORDER_DIRECT_ACTIONS = ['accept', 'decline', 'start', 'complete', 'cancel', 'dispute', 'resolve'] as const
export type ServiceOrderDirectAction = (typeof SERVICE_ORDER_DIRECT_ACTIONS)[number]

export const ServiceOrderTransitionInput = z
  .object({
    action: z.enum(SERVICE_ORDER_DIRECT_ACTIONS, 'validation.action'),
    version: z.coerce.number('validation.version').int().min(1),
    reason: optionalText(1000, 'validation.reasonTooLong'),
    /** The provider's price when it accepts (optional; both or neither). */
    price: z.preprocess(blankToUndefined, amountField.optional()),
    currency: z.preprocess(blankToUndefined, currencyField.optional()),
  })
  .superRefine((input, issues) => {
    if (input.price && !input.currency) issues.addIssue({ code: 'custom', path: ['currency'], message: 'validation.currency' })
    if (input.currency && !input.price) issues.addIssue({ code: 'custom', path: ['price'], message: 'validation.amount' })
  })
export type ServiceOrderTransitionInput = z.infer<typeof ServiceOrderTransitionInput>

/** A logistics provider's price for a freight request. */
export const FreightQuoteInput = z.object({
  price: positiveAmount('validation.amount'),
  currency: currencyField,
  transitDays: z.coerce.number('validation.transitDays').int('validation.transitDays').min(1, 'validation.transitDays').max(365, 'validation.transitDays'),
  validUntil: isoDate,
  note: optionalText(2000, 'validation.noteTooLong'),
  includesInsurance: checkbox,
})
export type FreightQuoteInput = z.infer<typeof FreightQuoteInput>

export const AcceptQuoteInput = z.object({
  quoteId: id('validation.quote'),
  version: z.coerce.number('validation.version').int().min(1),
})
export type AcceptQuoteInput = z.infer<typeof AcceptQuoteInput>

export const SERVICE_ORDER_ROLES = ['all', 'buyer', 'provider'] as const
export type ServiceOrderRole = (typeof SERVICE_ORDER_ROLES)[number]
export const SERVICE_LIST_DEFAULT_LIMIT = 25

export const ServiceOrderListQuery = z.object({
  kind: z.preprocess(blankToUndefined, z.enum(SERVICE_ORDER_KINDS, 'validation.kind').optional()),
  status: z.preprocess(blankToUndefined, z.enum(SERVICE_ORDER_STATUSES, 'validation.status').optional()),
  role: z.preprocess(blankToUndefined, z.enum(SERVICE_ORDER_ROLES, 'validation.role').default('all')),
  limit: z.coerce.number().int().min(1).max(100).default(SERVICE_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type ServiceOrderListQuery = z.infer<typeof ServiceOrderListQuery>

export const PageQueryInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(SERVICE_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
