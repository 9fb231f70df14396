import { countryField } from '../companies/index'
import { z } from '../../platform/zod'
import { PRODUCT_STATUSES, PRODUCT_UNITS } from './catalog.constants'
import { unitPriceField } from './price-list.inputs'

export const MAX_PRODUCT_ATTRIBUTES = 30
export const MAX_PRODUCT_IMAGES = 12
export const PRODUCT_SORTS = ['updated_desc', 'name_asc', 'name_desc', 'sku_asc', 'created_desc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, 'validation.tooLong').optional())
const optionalInteger = (min: number, max: number, message: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional())

const moq = z.coerce.number({ error: 'validation.moq' }).int('validation.moq').min(1, 'validation.moq').max(1_000_000_000, 'validation.moq')

/** An attribute in English, with optional Simplified and Traditional Chinese translations of its name and value. */
const ProductAttributeInput = z.object({
  name: z.string().trim().min(1, 'validation.attributeName').max(60, 'validation.tooLong'),
  value: z.string().trim().min(1, 'validation.attributeValue').max(200, 'validation.tooLong'),
  nameZhHans: optionalText(60),
  valueZhHans: optionalText(200),
  nameZhHant: optionalText(60),
  valueZhHant: optionalText(200),
})

/** Everything a supplier edits of a product; shared by the edit form, its action and the REST API. */
export const ProductInput = z.object({
  nameEn: z.string().trim().min(1, 'validation.nameEn').max(200, 'validation.tooLong'),
  nameZhHans: optionalText(200),
  nameZhHant: optionalText(200),
  descriptionEn: z.preprocess(blankToUndefined, z.string().trim().max(5000, 'validation.tooLong').default('')),
  descriptionZhHans: optionalText(5000),
  descriptionZhHant: optionalText(5000),
  sku: z
    .string()
    .trim()
    .min(1, 'validation.sku')
    .max(64, 'validation.sku')
    .regex(/^[A-Za-z0-9._-]+$/, 'validation.sku'),
  categoryId: z.string().trim().min(1, 'validation.category').max(64, 'validation.category'),
  hsCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'validation.hsCode')
      .optional(),
  ),
  originCountry: countryField,
  unit: z.enum(PRODUCT_UNITS, 'validation.unit'),
  moq,
  leadTimeDays: optionalInteger(0, 365, 'validation.leadTime'),
  attributes: z.array(ProductAttributeInput).max(MAX_PRODUCT_ATTRIBUTES, 'validation.tooManyAttributes').default([]),
})
export type ProductInput = z.infer<typeof ProductInput>

export const CreateProductInput = ProductInput
export type CreateProductInput = ProductInput

const version = z.coerce.number({ error: 'validation.version' }).int('validation.version').min(1, 'validation.version')

/** An edit names the version it started from, so a concurrent change is refused instead of overwritten. */
export const UpdateProductInput = ProductInput.extend({ version })
export type UpdateProductInput = z.infer<typeof UpdateProductInput>

export const ProductListQuery = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATUSES).optional()),
  categoryId: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORTS).default('updated_desc')),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ProductListQuery = z.input<typeof ProductListQuery>

/** Bulk publish / archive / back to draft of up to 100 of the company's products. */
export const ProductStatusInput = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, 'validation.selection').max(100, 'validation.selection'),
  status: z.enum(PRODUCT_STATUSES, 'validation.status'),
})
export type ProductStatusInput = z.infer<typeof ProductStatusInput>

export const ProductImagesInput = z.object({
  images: z
    .array(z.object({ fileId: z.string().min(1).max(64), alt: z.string().trim().max(200, 'validation.tooLong').default('') }))
    .max(MAX_PRODUCT_IMAGES, 'validation.tooManyImages'),
})
export type ProductImagesInput = z.infer<typeof ProductImagesInput>

/**
 * The grid's quick edit: any of MOQ, status and the base unit price (in the active price list's
 * currency), from the version the card showed; an omitted or blank field stays as it is.
 */
export const QuickEditProductInput = z.object({
  version,
  moq: z.preprocess(blankToUndefined, moq.optional()),
  status: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATUSES, 'validation.status').optional()),
  unitPrice: z.preprocess(blankToUndefined, unitPriceField.optional()),
})
export type QuickEditProductInput = z.infer<typeof QuickEditProductInput>
