import { z } from '../../platform/zod'

export const AUDIT_ACTIONS = [
  'company.created',
  'company.updated',
  'company.deleted',
  'company.restored',
  'company.ownership_transferred',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'address.created',
  'address.updated',
  'address.deleted',
  'certification.added',
  'certification.removed',
  'verification.submitted',
  'verification.accepted',
  'verification.rejected',
  'user.role_changed',
  'user.banned',
  'user.unbanned',
  'product.created',
  'product.updated',
  'product.status_changed',
  'product.images_changed',
  'price_list.created',
  'price_list.updated',
  'price_list.deleted',
  'price_list.lines_changed',
  'price_list.activated',
  'price_list.deactivated',
  'warehouse.created',
  'warehouse.updated',
  'warehouse.archived',
  'warehouse.restored',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')

export const AuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor: z.string().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
})
export type AuditQuery = z.infer<typeof AuditQuery>
