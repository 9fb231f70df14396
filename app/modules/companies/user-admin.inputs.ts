import type { PlatformRole } from '../../platform/actor'
import { z } from '../../platform/zod'

// Messages are catalog keys of the admin namespace; forms and the API translate them.

export const PLATFORM_ROLES = ['admin', 'user'] as const satisfies readonly PlatformRole[]
export const USER_STATUSES = ['active', 'banned'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

/** The durations the ban dialog offers; the API takes any number of days up to the maximum, or none (permanent). */
export const BAN_DURATIONS_DAYS = [1, 7, 30] as const
export const BAN_MAX_DAYS = 3650
export const BAN_REASON_MAX_LENGTH = 500

const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const UserSearchQuery = z.object({
  q: z.preprocess(blankAsUndefined, z.string().trim().max(200, 'validation.query_too_long').optional()),
  role: z.preprocess(blankAsUndefined, z.enum(PLATFORM_ROLES, 'validation.role').optional()),
  status: z.preprocess(blankAsUndefined, z.enum(USER_STATUSES, 'validation.status').optional()),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type UserSearchQuery = z.infer<typeof UserSearchQuery>

export const SetPlatformRoleInput = z.object({ role: z.enum(PLATFORM_ROLES, 'validation.role') })
export type SetPlatformRoleInput = z.infer<typeof SetPlatformRoleInput>

/** The form and the API send `expires_in_days` (absent, empty or "permanent": no expiry); the service reads `expiresInDays`. */
export const BanUserInput = z
  .object({
    reason: z.string('validation.reason_required').trim().min(1, 'validation.reason_required').max(BAN_REASON_MAX_LENGTH, 'validation.reason_too_long'),
    expires_in_days: z.preprocess(
      (value) => (value === 'permanent' ? undefined : blankAsUndefined(value)),
      z.coerce.number('validation.duration').int('validation.duration').min(1, 'validation.duration').max(BAN_MAX_DAYS, 'validation.duration').optional(),
    ),
  })
  .transform(({ reason, expires_in_days }) => ({ reason, expiresInDays: expires_in_days ?? null }))
export type BanUserInput = z.output<typeof BanUserInput>
