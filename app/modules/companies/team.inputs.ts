import { z } from '../../platform/zod'
import { INVITABLE_ROLES, INVITATION_DISPLAY_STATUSES, MEMBER_ROLES } from './companies.constants'

/** Trimmed and lower-cased; `.invalid` addresses (RFC 2606, e.g. phone-only stand-ins) can never receive mail. */
export const invitationEmail = z
  .string({ error: 'validation.email' })
  .trim()
  .toLowerCase()
  .max(254, 'validation.email')
  .pipe(z.email('validation.email'))
  .refine((email) => !email.endsWith('.invalid'), 'validation.email')

const recordId = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message)

export const CreateInvitationInput = z.object({
  email: invitationEmail,
  role: z.enum(INVITABLE_ROLES, 'validation.invitableRole'),
})
export type CreateInvitationInput = z.infer<typeof CreateInvitationInput>

export const ChangeMemberRoleInput = z.object({ role: z.enum(MEMBER_ROLES, 'validation.role') })
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleInput>

/** The secret of an invitation link. */
export const InvitationTokenInput = z.object({ token: z.string({ error: 'validation.token' }).trim().min(16, 'validation.token').max(128, 'validation.token') })
export type InvitationTokenInput = z.infer<typeof InvitationTokenInput>

export const MemberIdInput = z.object({ memberId: recordId('validation.member') })
export const InvitationIdInput = z.object({ invitationId: recordId('validation.invitation') })

/** A management form naming a member and the role to give them. */
export const MemberRoleFormInput = MemberIdInput.extend(ChangeMemberRoleInput.shape)

export const InvitationListQuery = z.object({
  status: z.enum(INVITATION_DISPLAY_STATUSES, 'validation.status').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type InvitationListQuery = z.infer<typeof InvitationListQuery>
