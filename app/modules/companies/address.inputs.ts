import { z } from '../../platform/zod'
import { ADDRESS_TYPES, type AddressType } from './companies.constants'
import { countryField } from './company.inputs'
import { checkPostalCode, postalCodeExample } from './postal-codes'

/** An address book holds at most this many addresses of each type, so it always loads in one piece. */
export const MAX_ADDRESSES_PER_TYPE = 100

/** One entry of a company's address book. */
export type Address = {
  id: string
  type: AddressType
  label: string
  recipient: string
  phone: string
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: string
  isDefault: boolean
  createdAt: Date
  updatedAt: Date
}

const PHONE = /^[\d\s+()-]*$/

const text = (max: number) => z.string('validation.invalid').trim().max(max, 'validation.tooLong')
const requiredText = (max: number, missing: string) => z.string(missing).trim().min(1, missing).max(max, 'validation.tooLong')

const fields = {
  type: z.enum(ADDRESS_TYPES, 'validation.type'),
  label: requiredText(80, 'validation.label'),
  recipient: text(120),
  phone: text(40).regex(PHONE, 'validation.phone'),
  line1: requiredText(200, 'validation.line1'),
  line2: text(200),
  city: requiredText(120, 'validation.city'),
  region: text(120),
  postalCode: text(20),
  country: z.preprocess((value) => value ?? '', countryField),
}

type PostalCodeFields = { country: string; postalCode: string }

/** The postal code checked against the country's format (the message keys live in the addresses catalog). */
function refinePostalCode(address: PostalCodeFields, issues: z.RefinementCtx) {
  if (typeof address.country !== 'string' || typeof address.postalCode !== 'string') return
  const check = checkPostalCode(address.country, address.postalCode)
  if (check.ok) return
  const message =
    check.reason === 'required' ? 'validation.postalCodeRequired' : postalCodeExample(address.country) ? 'validation.postalCodeFormat' : 'validation.postalCode'
  issues.addIssue({ code: 'custom', path: ['postalCode'], message })
}

function normalisePostalCode<T extends PostalCodeFields>(address: T): T {
  const check = checkPostalCode(address.country, address.postalCode)
  return check.ok ? { ...address, postalCode: check.value } : address
}

const optionalFields = {
  recipient: fields.recipient.default(''),
  phone: fields.phone.default(''),
  line2: fields.line2.default(''),
  region: fields.region.default(''),
  postalCode: fields.postalCode.default(''),
}

/** A complete address, its postal code normalised for its country: the edit form, and a patch once merged. */
export const AddressInput = z
  .object({ ...fields, ...optionalFields })
  .superRefine(refinePostalCode)
  .transform(normalisePostalCode)
export type AddressInput = z.infer<typeof AddressInput>

/** A new address; `isDefault` makes it its type's default (the first of a type always is). */
export const CreateAddressInput = z
  .object({ ...fields, ...optionalFields, isDefault: z.boolean('validation.invalid').default(false) })
  .superRefine(refinePostalCode)
  .transform(normalisePostalCode)
export type CreateAddressInput = z.infer<typeof CreateAddressInput>

/** The fields to change; the service checks the merged address with AddressInput. */
export const UpdateAddressInput = z.object(fields).partial()
export type UpdateAddressInput = z.infer<typeof UpdateAddressInput>

export const AddressListQuery = z.object({ type: z.enum(ADDRESS_TYPES, 'validation.type').optional() })
export type AddressListQuery = z.infer<typeof AddressListQuery>

/** Values the address messages interpolate: the limit per type and the country's postal code example. */
export function addressMessageValues(country: string | undefined): { max: number; example: string } {
  return { max: MAX_ADDRESSES_PER_TYPE, example: (country && postalCodeExample(country)) || '' }
}
