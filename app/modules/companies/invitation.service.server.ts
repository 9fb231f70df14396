import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, count, desc, eq, gt, isNull, lte, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { isLocale, type Locale } from '../../platform/i18n/locales'
import { sendMail } from '../../platform/mail/mailer.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { assertCanReachOtherCompanies } from '../identity/index'
import { savedLanguageOf, userDirectory as users } from '../identity/index.server'
import { recordAudit, recordUserNotice, type UserNotice } from '../kernel/index.server'
import { type InvitableRole, INVITATION_TTL_DAYS, type InvitationStatus, type VerificationStatus } from './companies.constants'
import { companyProfiles, invitations, members, organizations } from './companies.tables.server'
import { membershipsChanged, setActiveCompany } from './company-context.server'
import { invitationMail } from './invitation-mail.server'
import { enforceSeatForInvitation, enforceSeatForMember } from './member-usage.server'
import { toUsers, unmailed } from './notice-delivery.server'
import { requireCompany, requireRole } from './policies'
import type { CreateInvitationInput, InvitationListQuery } from './team.inputs'
import { displayStatusOf, MAX_INVITATION_SENDS } from './team.policy'
import { lockCompany } from './team.service.server'

const DAY_MS = 86_400_000

type InvitationRow = typeof invitations.$inferSelect

export type CompanyInvitation = {
  id: string
  email: string
  role: InvitableRole
  status: InvitationStatus
  inviterName: string | null
  expiresAt: Date
  createdAt: Date
  sendCount: number
  lastSentAt: Date
  respondedAt: Date | null
  /** Still pending and below the send limit. */
  canResend: boolean
}

/** The SHA-256 of a link secret: the only form in which it is stored. */
export function hashInvitationToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

function newSecret(): { secret: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { secret, tokenHash: hashInvitationToken(secret) }
}

const expiryFromNow = () => new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS)

/** Invitations store admin or member only (a check constraint); the type follows. */
const invitableRole = (role: InvitationRow['role']): InvitableRole => (role === 'admin' ? 'admin' : 'member')

function toCompanyInvitation(row: InvitationRow, inviterName: string | null): CompanyInvitation {
  const status = displayStatusOf(row)
  return {
    id: row.id,
    email: row.email,
    role: invitableRole(row.role),
    status,
    inviterName,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    sendCount: row.sendCount,
    lastSentAt: row.lastSentAt,
    respondedAt: row.respondedAt,
    canResend: (status === 'pending' || status === 'expired') && row.sendCount < MAX_INVITATION_SENDS,
  }
}

function statusFilter(status: InvitationStatus | undefined, now: Date): SQL | undefined {
  if (!status) return undefined
  if (status === 'pending') return and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, now))
  if (status === 'expired') return and(eq(invitations.status, 'pending'), lte(invitations.expiresAt, now))
  return eq(invitations.status, status)
}

/** The active company's invitations, newest first, optionally by displayed status (admins and owners). */
export async function listInvitations(ctx: ServiceContext, query: InvitationListQuery) {
  requireRole(ctx.actor, 'admin')
  const where = and(eq(invitations.organizationId, ctx.actor.companyId), statusFilter(query.status, new Date()))
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({ invitation: invitations, inviterName: users.name })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.inviterId))
      .where(where)
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(invitations).where(where),
  ])
  return { items: rows.map((row) => toCompanyInvitation(row.invitation, row.inviterName)), total: total?.value ?? 0, limit: query.limit, offset: query.offset }
}

async function userName(userId: string | null): Promise<string | null> {
  if (!userId) return null
  const [row] = await database().select({ name: users.name }).from(users).where(eq(users.id, userId))
  return row?.name ?? null
}

async function accountByEmail(email: string): Promise<{ id: string } | undefined> {
  const [row] = await database()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailIsPlaceholder, false)))
  return row
}

/** The invitee's own language when they have an account and chose one, else the given fallback. */
async function mailLocaleFor(email: string, fallback: Locale): Promise<Locale> {
  const account = await accountByEmail(email)
  return (account && (await savedLanguageOf(account.id))) ?? fallback
}

type InvitationSend = { email: string; role: InvitableRole; locale: Locale; secret: string; companyName: string; inviterName: string | null }

async function sendInvitation(invitation: InvitationSend): Promise<void> {
  await sendMail(
    invitationMail(invitation.locale, {
      to: invitation.email,
      inviterName: invitation.inviterName ?? '',
      companyName: invitation.companyName,
      role: invitation.role,
      secret: invitation.secret,
      validDays: INVITATION_TTL_DAYS,
    }),
  )
}

/**
 * Invites someone by email as admin or member (admins and owners, with a verified contact). An
 * expired invitation to the same address is replaced; a live one or an existing member is a conflict.
 */
export async function createInvitation(ctx: ServiceContext, input: CreateInvitationInput, options: IdempotencyOption = {}): Promise<CompanyInvitation> {
  requireRole(ctx.actor, 'admin')
  assertCanReachOtherCompanies(ctx.actor)
  const companyId = ctx.actor.companyId
  const locale = await mailLocaleFor(input.email, ctx.locale)
  const { secret, tokenHash } = newSecret()
  const inviterName = await userName(ctx.actor.userId)
  const invitee = await accountByEmail(input.email)
  // What the mail needs, known only when this request created the invitation.
  const created: { mail?: { companyName: string; events: OutboxEventId[] } } = {}
  const { id } = await createIdempotently(`invitation:${companyId}`, options, input, async (tx, invitationId) => {
    const company = await lockCompany(tx, companyId)
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, companyId), eq(users.email, input.email)))
    if (member) throw new AppError('already_member', 'This person is already a member')
    const [pending] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, companyId), eq(invitations.email, input.email), eq(invitations.status, 'pending')))
    if (pending) {
      if (displayStatusOf(pending) !== 'expired') throw new AppError('invitation_pending', 'An invitation to this address is already pending')
      await tx.update(invitations).set({ status: 'revoked', respondedAt: new Date() }).where(eq(invitations.id, pending.id))
      await recordAudit(tx, ctx, {
        companyId,
        action: 'invitation.revoked',
        targetType: 'invitation',
        targetId: pending.id,
        before: { status: 'expired' },
        after: { status: 'revoked', replacedByNewInvitation: true },
      })
    }
    await enforceSeatForInvitation(tx, companyId)
    const [inserted] = await tx
      .insert(invitations)
      .values({
        id: invitationId,
        organizationId: companyId,
        email: input.email,
        role: input.role,
        tokenHash,
        locale,
        inviterId: ctx.actor.userId,
        expiresAt: expiryFromNow(),
      })
      .returning()
    if (!inserted) throw new AppError('internal', 'Invitation not stored')
    await recordAudit(tx, ctx, {
      companyId,
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: inserted.id,
      after: { email: inserted.email, role: inserted.role, expiresAt: inserted.expiresAt.toISOString() },
    })
    // Someone who already has an account also finds the invitation in their notifications.
    const notice: UserNotice | null = invitee
      ? {
          userIds: [invitee.id],
          kind: 'team.invited',
          params: { company: company.name, inviter: inviterName ?? company.name },
          link: '/app/team/join',
          companyId,
        }
      : null
    if (notice) await recordUserNotice(tx, notice)
    // The invitation mail sent after commit is this notice's mail: the notice itself is not mailed again.
    const events = notice ? [await recordEvent(tx, { name: 'invitation.create', notices: [unmailed(toUsers(notice))] })] : []
    created.mail = { companyName: company.name, events }
  })
  // A replayed request's invitation was mailed by the first one; only a new one is sent.
  if (created.mail) {
    const { companyName, events } = created.mail
    await sendInvitation({ email: input.email, role: input.role, locale, secret, companyName, inviterName })
    await relayEvents(events)
  }
  const [row] = await database()
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, companyId)))
  if (!row) throw new AppError('not_found', 'Invitation not found')
  return toCompanyInvitation(row, await userName(row.inviterId))
}

async function lockCompanyInvitation(tx: Transaction, companyId: string, invitationId: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, companyId)))
    .for('update')
  if (!row) throw new AppError('not_found', 'Invitation not found')
  return row
}

/** Mails a pending (or expired) invitation again with a new link and a new expiry, up to MAX_INVITATION_SENDS times. */
export async function resendInvitation(ctx: ServiceContext, invitationId: string): Promise<CompanyInvitation> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { secret, tokenHash } = newSecret()
  const row = await database().transaction(async (tx) => {
    const current = await lockCompanyInvitation(tx, companyId, invitationId)
    requireRole(ctx.actor, 'admin')
    if (current.status !== 'pending') throw new AppError('invitation_closed', 'This invitation is no longer pending')
    if (current.sendCount >= MAX_INVITATION_SENDS)
      throw new AppError('invitation_send_limit', 'This invitation was sent the most times allowed', { maxSends: MAX_INVITATION_SENDS })
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash, expiresAt: expiryFromNow(), sendCount: current.sendCount + 1, lastSentAt: new Date() })
      .where(eq(invitations.id, current.id))
      .returning()
    if (!updated) throw new AppError('internal', 'Invitation not updated')
    await recordAudit(tx, ctx, {
      companyId,
      action: 'invitation.resent',
      targetType: 'invitation',
      targetId: current.id,
      before: { sendCount: current.sendCount, expiresAt: current.expiresAt.toISOString() },
      after: { sendCount: updated.sendCount, expiresAt: updated.expiresAt.toISOString() },
    })
    return updated
  })
  const [company] = await database().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId))
  const locale = await mailLocaleFor(row.email, isLocale(row.locale) ? row.locale : ctx.locale)
  // The mail names whoever sends it now; the list keeps showing who invited first.
  await sendInvitation({
    email: row.email,
    role: invitableRole(row.role),
    locale,
    secret,
    companyName: company?.name ?? '',
    inviterName: await userName(ctx.actor.userId),
  })
  return toCompanyInvitation(row, await userName(row.inviterId))
}

/** Withdraws a pending invitation; its link stops working (admins and owners). */
export async function revokeInvitation(ctx: ServiceContext, invitationId: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const current = await lockCompanyInvitation(tx, companyId, invitationId)
    requireRole(ctx.actor, 'admin')
    if (current.status !== 'pending') throw new AppError('invitation_closed', 'This invitation is no longer pending')
    await tx.update(invitations).set({ status: 'revoked', respondedAt: new Date() }).where(eq(invitations.id, current.id))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'invitation.revoked',
      targetType: 'invitation',
      targetId: current.id,
      before: { status: displayStatusOf(current) },
      after: { status: 'revoked' },
    })
  })
}

export type InvitationPreview = {
  id: string
  companyName: string
  verificationStatus: VerificationStatus
  inviterName: string | null
  role: InvitableRole
  email: string
  status: InvitationStatus
  expiresAt: Date
}

/** What the join page shows about an invitation link, before anyone answers it; 404 for an unknown secret. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const [row] = await database()
    .select({ invitation: invitations, companyName: organizations.name, verificationStatus: companyProfiles.verificationStatus, inviterName: users.name })
    .from(invitations)
    .innerJoin(organizations, and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)))
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
  if (!row) throw new AppError('not_found', 'Invitation not found')
  return {
    id: row.invitation.id,
    companyName: row.companyName,
    verificationStatus: row.verificationStatus,
    inviterName: row.inviterName,
    role: invitableRole(row.invitation.role),
    email: row.invitation.email,
    status: displayStatusOf(row.invitation),
    expiresAt: row.invitation.expiresAt,
  }
}

type Invitee = { email: string; emailVerified: boolean }

/** The signed-in user's deliverable email address; phone-only accounts have none. */
async function inviteeOf(ctx: ServiceContext): Promise<Invitee | null> {
  const [row] = await database()
    .select({ email: users.email, emailVerified: users.emailVerified, placeholder: users.emailIsPlaceholder })
    .from(users)
    .where(eq(users.id, ctx.actor.userId))
  return row && !row.placeholder ? { email: row.email.toLowerCase(), emailVerified: row.emailVerified } : null
}

/** How the user names the invitation they answer: the link's secret, or its id among their own. */
type InvitationKey = { tokenHash: string } | { id: string; email: string }

const whereKey = (key: InvitationKey) =>
  'tokenHash' in key ? eq(invitations.tokenHash, key.tokenHash) : and(eq(invitations.id, key.id), eq(invitations.email, key.email))

async function findInvitation(tx: Transaction, key: InvitationKey, lock: boolean): Promise<InvitationRow> {
  const query = tx.select().from(invitations).where(whereKey(key))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new AppError('not_found', 'Invitation not found')
  return row
}

/** Checks the invitation is the user's and still open. */
function assertAnswerable(row: InvitationRow, invitee: Invitee | null): void {
  if (!invitee || invitee.email !== row.email) throw new AppError('invitation_wrong_recipient', 'This invitation was sent to another address')
  if (row.status !== 'pending') throw new AppError('invitation_closed', 'This invitation is no longer pending')
  if (displayStatusOf(row) === 'expired') throw new AppError('invitation_expired', 'This invitation has expired')
}

export type AcceptedInvitation = { companyId: string; companyName: string; role: InvitableRole; alreadyMember: boolean }

async function accept(ctx: ServiceContext, key: InvitationKey, invitee: Invitee | null): Promise<AcceptedInvitation> {
  const accepted = await database().transaction(async (tx) => {
    // The company is locked before the invitation, in the order every membership change takes.
    const companyId = (await findInvitation(tx, key, false)).organizationId
    const company = await lockCompany(tx, companyId)
    const invitation = await findInvitation(tx, key, true)
    assertAnswerable(invitation, invitee)
    const role = invitableRole(invitation.role)
    const [existing] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.organizationId, companyId), eq(members.userId, ctx.actor.userId)))
    await tx.update(invitations).set({ status: 'accepted', respondedAt: new Date() }).where(eq(invitations.id, invitation.id))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'invitation.accepted',
      targetType: 'invitation',
      targetId: invitation.id,
      before: { status: 'pending' },
      after: { status: 'accepted', alreadyMember: Boolean(existing) },
    })
    if (!existing) {
      await enforceSeatForMember(tx, companyId)
      const memberId = randomUUID()
      await tx.insert(members).values({ id: memberId, organizationId: companyId, userId: ctx.actor.userId, role })
      await recordAudit(tx, ctx, {
        companyId,
        action: 'member.joined',
        targetType: 'member',
        targetId: memberId,
        before: null,
        after: { userId: ctx.actor.userId, role, invitationId: invitation.id },
      })
    }
    await setActiveCompany(ctx.actor.sessionId, companyId, tx)
    return { companyId, companyName: company.name, role, alreadyMember: Boolean(existing) }
  })
  membershipsChanged([ctx.actor.userId])
  return accepted
}

async function decline(ctx: ServiceContext, key: InvitationKey, invitee: Invitee | null): Promise<void> {
  await database().transaction(async (tx) => {
    const invitation = await findInvitation(tx, key, true)
    assertAnswerable(invitation, invitee)
    await tx.update(invitations).set({ status: 'declined', respondedAt: new Date() }).where(eq(invitations.id, invitation.id))
    await recordAudit(tx, ctx, {
      companyId: invitation.organizationId,
      action: 'invitation.declined',
      targetType: 'invitation',
      targetId: invitation.id,
      before: { status: 'pending' },
      after: { status: 'declined' },
    })
  })
}

/** Joins the company of an invitation link (the signed-in user must be its recipient) and acts for it. */
export async function acceptInvitation(ctx: ServiceContext, token: string): Promise<AcceptedInvitation> {
  return accept(ctx, { tokenHash: hashInvitationToken(token) }, await inviteeOf(ctx))
}

export async function declineInvitation(ctx: ServiceContext, token: string): Promise<void> {
  await decline(ctx, { tokenHash: hashInvitationToken(token) }, await inviteeOf(ctx))
}

/**
 * Without the mailed secret, only a verified address proves the invitation is the user's: anyone
 * could sign up with an address they do not own. Invitations to other addresses read as not found.
 */
async function ownInvitation(ctx: ServiceContext, invitationId: string): Promise<{ key: InvitationKey; invitee: Invitee }> {
  const invitee = await inviteeOf(ctx)
  if (!invitee) throw new AppError('not_found', 'Invitation not found')
  if (!invitee.emailVerified) throw new AppError('email_not_verified', 'Verify your email address first')
  return { key: { id: invitationId, email: invitee.email }, invitee }
}

/** Accepts one of the user's pending invitations by id (the onboarding page). */
export async function acceptInvitationById(ctx: ServiceContext, invitationId: string): Promise<AcceptedInvitation> {
  const { key, invitee } = await ownInvitation(ctx, invitationId)
  return accept(ctx, key, invitee)
}

export async function declineInvitationById(ctx: ServiceContext, invitationId: string): Promise<void> {
  const { key, invitee } = await ownInvitation(ctx, invitationId)
  await decline(ctx, key, invitee)
}

export type MyInvitation = {
  id: string
  companyId: string
  companyName: string
  verificationStatus: VerificationStatus
  role: InvitableRole
  inviterName: string | null
  expiresAt: Date
}

/** Live invitations to the signed-in user's email address, newest first. */
export async function pendingInvitationsForMe(ctx: ServiceContext): Promise<MyInvitation[]> {
  const invitee = await inviteeOf(ctx)
  if (!invitee) return []
  const rows = await database()
    .select({
      id: invitations.id,
      companyId: invitations.organizationId,
      companyName: organizations.name,
      verificationStatus: companyProfiles.verificationStatus,
      role: invitations.role,
      inviterName: users.name,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(organizations, and(eq(organizations.id, invitations.organizationId), isNull(organizations.deletedAt)))
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .leftJoin(users, eq(users.id, invitations.inviterId))
    .where(and(eq(invitations.email, invitee.email), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.createdAt))
  return rows.map((row) => ({ ...row, role: invitableRole(row.role) }))
}
