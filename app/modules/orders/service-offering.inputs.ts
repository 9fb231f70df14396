import { countryListField } from '../companies/index'
import { z } from '../../platform/zod'
import { MAX_OFFERING_COUNTRIES, OFFERING_PRICE_BASES, ORDERABLE_SERVICES } from './orders.constants'
import { amountField, currencyField } from './purchase-order.inputs'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const checkbox = z.preprocess((value) => value === true || value === 'true' || value === 'on', z.boolean())

const offeringFields = {
  serviceType: z.enum(ORDERABLE_SERVICES, 'validation.serviceType'),
  title: z.string('validation.title').trim().min(3, 'validation.title').max(120, 'validation.title'),
  description: z.preprocess((value) => value ?? '', z.string('validation.description').trim().max(2000, 'validation.description')),
  worldwide: checkbox.default(false),
  countries: countryListField(MAX_OFFERING_COUNTRIES).default([]),
  price: z.preprocess(blankToUndefined, amountField.optional()),
  currency: z.preprocess(blankToUndefined, currencyField.optional()),
  priceBasis: z.preprocess(blankToUndefined, z.enum(OFFERING_PRICE_BASES, 'validation.priceBasis').optional()),
  leadTimeDays: z.coerce.number('validation.leadTime').int('validation.leadTime').min(1, 'validation.leadTime').max(365, 'validation.leadTime'),
}

type OfferingFields = { worldwide: boolean; countries: string[]; price?: string; currency?: string; priceBasis?: string }

/** Areas: worldwide, or at least one country. Price: an exact decimal with its currency and basis, or none of them (on request). */
function checkAreasAndPrice(input: OfferingFields, issue: z.RefinementCtx): void {
  if (!input.worldwide && input.countries.length === 0) issue.addIssue({ code: 'custom', path: ['countries'], message: 'validation.areas' })
  if (input.price === undefined) {
    // A currency or basis without a price is a price half typed, not "on request".
    if (input.currency !== undefined || input.priceBasis !== undefined) issue.addIssue({ code: 'custom', path: ['price'], message: 'validation.priceMissing' })
    return
  }
  if (input.currency === undefined) issue.addIssue({ code: 'custom', path: ['currency'], message: 'validation.currency' })
  if (input.priceBasis === undefined) issue.addIssue({ code: 'custom', path: ['priceBasis'], message: 'validation.priceBasis' })
}

// Worldwide covers every country: a list beside it would only mislead.
const withoutListWhenWorldwide = <T extends OfferingFields>(input: T): T => ({ ...input, countries: input.worldwide ? [] : input.countries })

/** One offering, as the form, the page action and the REST API send it. */
export const ServiceOfferingInput = z.object(offeringFields).superRefine(checkAreasAndPrice).transform(withoutListWhenWorldwide)
export type ServiceOfferingInput = z.infer<typeof ServiceOfferingInput>

/** A change: the whole offering again, against the version the editor read (a stale one is refused). */
export const UpdateServiceOfferingInput = z
  .object({ ...offeringFields, version: z.coerce.number('validation.version').int('validation.version').min(1, 'validation.version') })
  .superRefine(checkAreasAndPrice)
  .transform(withoutListWhenWorldwide)
export type UpdateServiceOfferingInput = z.infer<typeof UpdateServiceOfferingInput>

export const OFFERING_LIST_LIMIT = 20

/** The provider's own list: one service type or all, a page at a time. */
export const ServiceOfferingListQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(ORDERABLE_SERVICES, 'validation.serviceType').optional()),
  limit: z.coerce.number().int().min(1).max(100).default(OFFERING_LIST_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type ServiceOfferingListQuery = z.infer<typeof ServiceOfferingListQuery>
