import { z } from '../../platform/zod'
import { PASSWORD_MAX_LENGTH } from './password-policy'

// Messages are catalog keys of the identity namespace; forms and the API translate them.
const identifier = z.string().trim().min(1, { error: 'validation.identifier_required' }).max(254, { error: 'validation.identifier_invalid' })
const password = z.string().min(1, { error: 'validation.password_required' }).max(PASSWORD_MAX_LENGTH, { error: 'validation.password_too_long' })
const email = z.email({ error: 'validation.email_invalid' }).max(254, { error: 'validation.email_invalid' })
const otp = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.code_format' })

export const SignInInput = z.object({ identifier, password })
export type SignInInput = z.infer<typeof SignInInput>

export const SignUpInput = z.object({
  name: z.string().trim().min(1, { error: 'validation.name_required' }).max(100, { error: 'validation.name_too_long' }),
  identifier,
  password,
})
export type SignUpInput = z.infer<typeof SignUpInput>

export const SignInCodeRequestInput = z.object({ email })
export const SignInCodeInput = z.object({ email, code: otp })

export const TwoFactorInput = z.object({
  method: z.enum(['totp', 'backup']).default('totp'),
  code: z.string().trim().min(6, { error: 'validation.code_format' }).max(32, { error: 'validation.code_format' }),
  trustDevice: z.boolean().default(false),
})
export type TwoFactorInput = z.infer<typeof TwoFactorInput>

export const RecoveryRequestInput = z.object({ email })

const newPasswordPair = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwords_differ' })

export const UpdatePasswordInput = z.object({ token: z.string().min(1, { error: 'validation.token_missing' }) }).and(newPasswordPair)

export const ChangePasswordInput = z.object({ currentPassword: password, revokeOtherSessions: z.boolean().default(true) }).and(newPasswordPair)

export const PhoneCodeInput = z.object({ code: otp })
export const TotpEnrolInput = z.object({ password })
export const TotpConfirmInput = z.object({ code: otp })

/** The mails of sign-up and sign-in, each with `identity:mail.<kind>.subject|body|expiry` (and `.action` when it links). */
export const AUTH_MAIL_KINDS = ['verification', 'code', 'recovery'] as const
export type AuthMailKind = (typeof AUTH_MAIL_KINDS)[number]
