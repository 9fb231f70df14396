// What the ePing pages and API accept (issue 22): the list's filters, a review mark, a subscription. Messages are keys
// of the `eping` catalog; a list over its limit is refused before its items are looked at (10,000 codes: one error).
import { z } from '../../platform/zod'
import { EPING_AREAS, EPING_REVIEW_STATUSES, EPING_SUBSCRIPTION_LIMITS } from './compliance.constants'
import { isEpingHsCode, isEpingMemberCode } from './eping-text'

export const EPING_QUERY_MAX_LENGTH = 200
export const EPING_NOTE_MAX_LENGTH = 2_000
export const EPING_KEYWORD_MAX_LENGTH = 60
export const EPING_PAGE_LIMIT = 100

/** The review filter: one of the marks, or `none` for the notifications not marked yet. */
export const EPING_REVIEW_FILTERS = [...EPING_REVIEW_STATUSES, 'none'] as const
export type EpingReviewFilter = (typeof EPING_REVIEW_FILTERS)[number]

const isoDay = z
  .string('validation.date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'validation.date')

/** A query-string flag: true/false, 1/0, on/off. */
const flag = z.enum(['true', 'false', '1', '0', 'on', 'off'], 'validation.flag').transform((value) => value === 'true' || value === '1' || value === 'on')

/** An empty query parameter is the same as none. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** The list's filters, as query parameters. */
export const EpingListQuery = z
  .object({
    member: optional(
      z
        .string('validation.member')
        .transform((value) => value.trim().toUpperCase())
        .refine((value) => /^[A-Z]{2}$/.test(value), 'validation.member'),
    ),
    area: optional(z.enum(EPING_AREAS, 'validation.area')),
    hs: optional(
      z
        .string('validation.hsCode')
        .transform((value) => value.replace(/[.\s]/g, ''))
        .refine(isEpingHsCode, 'validation.hsCode'),
    ),
    q: optional(z.string('validation.tooLong').trim().max(EPING_QUERY_MAX_LENGTH, 'validation.tooLong')),
    from: optional(isoDay),
    to: optional(isoDay),
    open: optional(flag),
    matched: optional(flag),
    review: optional(z.enum(EPING_REVIEW_FILTERS, 'validation.reviewFilter')),
    limit: z.coerce.number('validation.limit').int('validation.limit').min(1, 'validation.limit').max(EPING_PAGE_LIMIT, 'validation.limit').default(20),
    offset: z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(100_000, 'validation.offset').default(0),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' })
  })
export type EpingListQuery = z.infer<typeof EpingListQuery>

/** A company's mark on a notification, with an optional note. */
export const EpingReviewInput = z.object({
  status: z.enum(EPING_REVIEW_STATUSES, 'validation.reviewStatus'),
  note: z.string('validation.note').trim().max(EPING_NOTE_MAX_LENGTH, 'validation.note').default(''),
})
export type EpingReviewInput = z.infer<typeof EpingReviewInput>

/** A list of at most `max` items, counted before any item is checked; each item normalized, each kept once. */
const limitedList = <T extends z.ZodType<string>>(max: number, tooMany: string, item: T) =>
  z
    .array(z.unknown(), 'validation.list')
    .max(max, tooMany)
    .pipe(z.array(item))
    .transform((values) => [...new Set(values)])
    .default([])

/** What a company follows: HS codes (2–6 digits each), notifying members (ISO alpha-2 or EU) and keywords. */
export const EpingSubscriptionInput = z.object({
  hsCodes: limitedList(
    EPING_SUBSCRIPTION_LIMITS.hsCodes,
    'validation.tooManyHsCodes',
    z
      .string('validation.hsCodes')
      .transform((value) => value.replace(/[.\s]/g, ''))
      .refine(isEpingHsCode, 'validation.hsCodes'),
  ),
  memberCodes: limitedList(
    EPING_SUBSCRIPTION_LIMITS.members,
    'validation.tooManyMembers',
    z
      .string('validation.memberCodes')
      .transform((value) => value.trim().toUpperCase())
      .refine(isEpingMemberCode, 'validation.memberCodes'),
  ),
  keywords: limitedList(
    EPING_SUBSCRIPTION_LIMITS.keywords,
    'validation.tooManyKeywords',
    z
      .string('validation.keywords')
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .refine((value) => value.length >= 1 && value.length <= EPING_KEYWORD_MAX_LENGTH, 'validation.keywords'),
  ),
})
export type EpingSubscriptionInput = z.infer<typeof EpingSubscriptionInput>
