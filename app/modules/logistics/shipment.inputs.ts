import { isCountryCode } from '../../platform/countries'
import { isDecimalText } from '../catalog/index'
import { z } from '../../platform/zod'
import {
  MAX_CONTAINERS,
  MAX_RECEIPT_PHOTOS,
  MAX_SHIPMENT_ATTACHMENTS,
  MAX_SHIPMENT_PACKAGES,
  PACKAGE_TYPES,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
} from './logistics.constants'

const MAX_QUANTITY = 1_000_000_000
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const isoDate = z
  .string('validation.date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'validation.date')

const country = z
  .string('validation.country')
  .trim()
  .toUpperCase()
  .refine((value) => isCountryCode(value), 'validation.country')

const decimal = (scale: number, message: string) =>
  z
    .union([z.string(), z.number()], message)
    .transform((value) => String(value).trim())
    .refine((value) => isDecimalText(value, scale) && value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 10, message)

const dimension = z.coerce.number('validation.dimension').int('validation.dimension').min(1, 'validation.dimension').max(10_000, 'validation.dimension')

/** A place on the route: a port, airport or town, and its country. */
export const PlaceInput = z.object({ name: z.string('validation.place').trim().min(2, 'validation.place').max(120, 'validation.place'), country })
export type PlaceInput = z.infer<typeof PlaceInput>

export const PackageInput = z.object({
  count: z.coerce.number('validation.packageCount').int('validation.packageCount').min(1, 'validation.packageCount').max(100_000, 'validation.packageCount'),
  type: z.enum(PACKAGE_TYPES, 'validation.packageType'),
  grossWeightKg: decimal(3, 'validation.weight'),
  netWeightKg: decimal(3, 'validation.weight'),
  lengthCm: dimension,
  widthCm: dimension,
  heightCm: dimension,
})
export type PackageInput = z.infer<typeof PackageInput>

export const ShipmentLineInput = z.object({
  orderId: id('validation.order'),
  orderLineId: id('validation.line'),
  quantity: z.coerce.number('validation.quantity').int('validation.quantity').min(1, 'validation.quantity').max(MAX_QUANTITY, 'validation.quantity'),
})
export type ShipmentLineInput = z.infer<typeof ShipmentLineInput>

/** A shipment booked by the supplier from lines of one buyer's confirmed orders. */
export const BookShipmentInput = z
  .object({
    lines: z.array(ShipmentLineInput, 'validation.lines').min(1, 'validation.nothingShipped').max(500, 'validation.tooManyLines'),
    mode: z.enum(SHIPMENT_MODES, 'validation.mode'),
    carrier: text(120, 'validation.carrier'),
    trackingNumber: text(60, 'validation.trackingNumber'),
    billOfLading: text(60, 'validation.billOfLading'),
    airWaybill: text(60, 'validation.airWaybill'),
    containerNumbers: z
      .preprocess((value) => value ?? [], z.array(z.string('validation.container').trim().min(4, 'validation.container').max(20, 'validation.container')))
      .pipe(z.array(z.string()).max(MAX_CONTAINERS, 'validation.tooManyContainers')),
    origin: PlaceInput,
    destination: PlaceInput,
    etd: isoDate,
    eta: isoDate,
    packages: z.preprocess((value) => value ?? [], z.array(PackageInput).max(MAX_SHIPMENT_PACKAGES, 'validation.tooManyPackages')),
    notes: text(2000, 'validation.notesTooLong'),
    attachmentFileIds: z.preprocess(
      (value) => value ?? [],
      z.array(id('validation.attachment')).max(MAX_SHIPMENT_ATTACHMENTS, 'validation.tooManyAttachments'),
    ),
  })
  .superRefine((input, ctx) => {
    if (input.eta < input.etd) ctx.addIssue({ code: 'custom', path: ['eta'], message: 'validation.etaBeforeEtd' })
    for (const [index, item] of input.packages.entries())
      if (Number(item.netWeightKg) > Number(item.grossWeightKg))
        ctx.addIssue({ code: 'custom', path: ['packages', index, 'netWeightKg'], message: 'validation.netOverGross' })
  })
export type BookShipmentInput = z.infer<typeof BookShipmentInput>

/** A tracking event reported by the shipping side: when (local time of the place, with its UTC offset), where, what. */
export const TrackingEventInput = z.object({
  occurredAt: z.iso.datetime({ offset: true, local: true, error: 'validation.occurredAt' }),
  utcOffsetMinutes: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.utcOffset').int('validation.utcOffset').min(-720, 'validation.utcOffset').max(840, 'validation.utcOffset').optional(),
  ),
  status: z.preprocess(blankToUndefined, z.enum(SHIPMENT_STATUSES, 'validation.status').optional()),
  location: text(120, 'validation.location'),
  country: z.preprocess(blankToUndefined, country.optional()),
  description: z.string('validation.description').trim().min(2, 'validation.description').max(500, 'validation.description'),
  eta: z.preprocess(blankToUndefined, isoDate.optional()),
  /** Why the shipment is held (an exception needs one). */
  reason: text(500, 'validation.reasonTooLong'),
  externalId: z.preprocess(blankToUndefined, z.string().trim().max(120, 'validation.externalId').optional()),
})
export type TrackingEventInput = z.infer<typeof TrackingEventInput>

/** The buyer's warehouse the goods are expected in. */
export const ShipmentWarehouseInput = z.object({ warehouseId: z.preprocess(blankToUndefined, id('validation.warehouse').nullable().optional()) })

export const SHIPMENT_ROLES = ['shipper', 'buyer', 'carrier'] as const
export type ShipmentRole = (typeof SHIPMENT_ROLES)[number]

export const SHIPMENT_LIST_DEFAULT_LIMIT = 25
export const SHIPMENT_LIST_MAX_LIMIT = 100

/** The tracking list's filters as they arrive in a URL. */
export const ShipmentListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum([...SHIPMENT_STATUSES, 'live'] as const, 'validation.status').optional()),
  mode: z.preprocess(blankToUndefined, z.enum(SHIPMENT_MODES, 'validation.mode').optional()),
  role: z.preprocess(blankToUndefined, z.enum(SHIPMENT_ROLES, 'validation.role').optional()),
  counterpart: z.preprocess(blankToUndefined, id('validation.counterpart').optional()),
  etaFrom: z.preprocess(blankToUndefined, isoDate.optional()),
  etaTo: z.preprocess(blankToUndefined, isoDate.optional()),
  delayed: z.preprocess((value) => value === 'true' || value === '1' || value === 'on' || value === true, z.boolean()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('validation.limit')
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(SHIPMENT_LIST_MAX_LIMIT, 'validation.limit')
      .default(SHIPMENT_LIST_DEFAULT_LIMIT),
  ),
  offset: z.preprocess(blankToUndefined, z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(100_000).default(0)),
})
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>

/** What the buyer found on arrival, per shipment line: good, damaged (short is the rest), and why. */
export const ReceiptLineInput = z.object({
  lineId: id('validation.line'),
  received: z.coerce.number('validation.quantity').int('validation.quantity').min(0, 'validation.quantity').max(MAX_QUANTITY, 'validation.quantity'),
  damaged: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? 0 : value),
    z.coerce.number('validation.quantity').int('validation.quantity').min(0, 'validation.quantity').max(MAX_QUANTITY, 'validation.quantity'),
  ),
  note: text(500, 'validation.noteTooLong'),
})
export const ReceiveShipmentInput = z.object({
  warehouseId: id('validation.warehouse'),
  lines: z.array(ReceiptLineInput, 'validation.lines').min(1, 'validation.lines').max(500, 'validation.tooManyLines'),
  /** Units beyond what was shipped are accepted only with a reason (over-delivery). */
  overDeliveryReason: text(500, 'validation.reasonTooLong'),
  /** The buyer's photos of the goods as they arrived (files it uploaded), which every party sees. */
  photoFileIds: z.preprocess((value) => value ?? [], z.array(id('validation.attachment')).max(MAX_RECEIPT_PHOTOS, 'validation.tooManyPhotos')),
  version: z.coerce.number('validation.version').int().min(1),
})
export type ReceiveShipmentInput = z.infer<typeof ReceiveShipmentInput>
