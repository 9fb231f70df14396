import { isCountryCode } from '../../platform/countries'
import type { Locale } from '../../platform/i18n/locales'
import { z } from '../../platform/zod'
import { COMPANY_KINDS, COMPANY_SIZES, SERVICE_TYPES } from './companies.constants'

/** A list field: an array, or text separated by commas or new lines (how a form sends it). */
export const listField = (itemMax: number, maxItems: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/[,\n，、]/) : value),
    z
      .array(z.string().trim().max(itemMax, 'validation.listItemTooLong'))
      .transform((items) => [...new Set(items.filter(Boolean))])
      .pipe(z.array(z.string()).max(maxItems, 'validation.tooManyItems')),
  )

export const countryField = z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country')

const optionalText = (max: number) => z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(max, 'validation.tooLong').optional())

const website = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .trim()
    .max(200, 'validation.tooLong')
    .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.website' }))
    .optional(),
)

const yearFounded = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: 'validation.year' })
    .int('validation.year')
    .min(1800, 'validation.year')
    .refine((year) => year <= new Date().getUTCFullYear(), 'validation.year')
    .optional(),
)

const companyFields = {
  legalName: z.string().trim().min(2, 'validation.legalName').max(200, 'validation.tooLong'),
  displayName: z.string().trim().min(2, 'validation.displayName').max(120, 'validation.tooLong'),
  country: countryField,
  city: optionalText(120),
  website,
  size: z.preprocess((value) => (value === '' ? undefined : value), z.enum(COMPANY_SIZES, 'validation.size').optional()),
  yearFounded,
  mainProducts: listField(60, 20).default([]),
  mainMarkets: listField(60, 20).default([]),
}

/** The onboarding form: what the company does, and who it is. */
export const CreateCompanyInput = z
  .object({
    kind: z.enum(COMPANY_KINDS, 'validation.kind'),
    services: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.enum(SERVICE_TYPES, 'validation.service'))).default([]),
    ...companyFields,
  })
  .superRefine((input, issue) => {
    if (input.kind === 'service_provider' && input.services.length === 0) issue.addIssue({ code: 'custom', path: ['services'], message: 'validation.services' })
  })
  .transform((input) => ({ ...input, services: input.kind === 'service_provider' ? input.services : [] }))
export type CreateCompanyInput = z.infer<typeof CreateCompanyInput>

const description = z.string().trim().max(4000, 'validation.tooLong').optional()

/** The profile's description fields and the language each holds (company settings and the supplier profile). */
export const DESCRIPTION_FIELDS = [
  ['descriptionEn', 'en'],
  ['descriptionZhHans', 'zh-Hans'],
  ['descriptionZhHant', 'zh-Hant'],
] as const satisfies ReadonlyArray<readonly [string, Locale]>

/** The settings form: everything of the profile but its kind and verification. */
export const UpdateCompanyInput = z.object({
  ...companyFields,
  descriptionEn: description,
  descriptionZhHans: description,
  descriptionZhHant: description,
  logoFileId: z.preprocess((value) => (value === '' ? null : value), z.string().max(64).nullable().optional()),
})
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>

export const AddCertificationInput = z.object({
  name: z.string().trim().min(2, 'validation.certificationName').max(120, 'validation.tooLong'),
  issuer: optionalText(120),
  certificateNumber: optionalText(80),
  validUntil: z.preprocess((value) => (value === '' ? undefined : value), z.iso.date('validation.date').optional()),
  fileId: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(64).optional()),
})
export type AddCertificationInput = z.infer<typeof AddCertificationInput>

/** Typing the company's display name confirms its deletion. */
export const DeleteCompanyInput = z.object({ confirmName: z.string().trim().min(1, 'validation.confirmName') })
