import { z } from '../../platform/zod'

/** A category id is its URL slug; products reference it, so it never changes once created. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9-]+$/
export const CATEGORY_SLUG_MAX = 64
export const CATEGORY_NAME_MAX = 120
export const CATEGORY_DIRECTIONS = ['up', 'down'] as const
export type CategoryDirection = (typeof CATEGORY_DIRECTIONS)[number]
/** The languages a category is named in, as its fields spell them (`nameEn`, `nameZhHans`, `nameZhHant`). */
export const CATEGORY_NAME_LOCALES = ['en', 'zhHans', 'zhHant'] as const
export type CategoryNameLocale = (typeof CATEGORY_NAME_LOCALES)[number]

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)
const blankToEmpty = (value: unknown) => (value === null || value === undefined ? '' : value)

const parentId = z.preprocess(
  blankToNull,
  z.string('validation.categoryParent').trim().min(1, 'validation.categoryParent').max(CATEGORY_SLUG_MAX, 'validation.categoryParent').nullable(),
)

/** The names in the three locales; English is required, an empty Chinese name falls back to English. */
const names = {
  nameEn: z.string('validation.categoryNameEn').trim().min(1, 'validation.categoryNameEn').max(CATEGORY_NAME_MAX, 'validation.tooLong'),
  nameZhHans: z.preprocess(blankToEmpty, z.string().trim().max(CATEGORY_NAME_MAX, 'validation.tooLong')),
  nameZhHant: z.preprocess(blankToEmpty, z.string().trim().max(CATEGORY_NAME_MAX, 'validation.tooLong')),
}

/** A new category: its slug id, its parent (none for a top-level one) and its names. */
export const CreateCategoryInput = z.object({
  id: z
    .string('validation.categorySlug')
    .trim()
    .min(1, 'validation.categorySlug')
    .max(CATEGORY_SLUG_MAX, 'validation.categorySlug')
    .regex(CATEGORY_SLUG_PATTERN, 'validation.categorySlug'),
  parentId: parentId.default(null),
  ...names,
})
export type CreateCategoryInput = z.infer<typeof CreateCategoryInput>

/** New names for a category (all three, replaced together). */
export const RenameCategoryInput = z.object(names)
export type RenameCategoryInput = z.infer<typeof RenameCategoryInput>

/** A new parent (null: top level); the category goes last among its new siblings. */
export const MoveCategoryInput = z.object({ parentId })
export type MoveCategoryInput = z.infer<typeof MoveCategoryInput>

/** One step up or down among its siblings. */
export const ReorderCategoryInput = z.object({ direction: z.enum(CATEGORY_DIRECTIONS, 'validation.categoryDirection') })
export type ReorderCategoryInput = z.infer<typeof ReorderCategoryInput>
