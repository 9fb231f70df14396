import { and, asc, count, desc, eq, getViewSelectedFields, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PlatformRole, ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { deleteUserSessions, lockUser, revokeSessions, updateBan, updatePlatformRole, userDirectory as users } from '../identity/index.server'
import { auditOfTarget, recordAudit } from '../kernel/index.server'
import type { MemberRole, VerificationStatus } from './companies.constants'
import { companyProfiles, members, organizations } from './companies.tables.server'
import { requirePlatformAdmin } from './policies'
import type { BanUserInput, UserSearchQuery, UserStatus } from './user-admin.inputs'

const DAY_MS = 86_400_000
const RECENT_AUDIT_LIMIT = 20

type UserRow = typeof users.$inferSelect

/** A user as platform admins see them; the stand-in email of a phone-only account is not shown. */
export type AdminUserProfile = {
  id: string
  name: string
  email: string | null
  phoneNumber: string | null
  emailVerified: boolean
  phoneNumberVerified: boolean
  twoFactorEnabled: boolean
  role: PlatformRole
  status: UserStatus
  banReason: string | null
  banExpires: Date | null
  createdAt: Date
}

export type AdminUserListItem = Pick<AdminUserProfile, 'id' | 'name' | 'email' | 'phoneNumber' | 'role' | 'status' | 'banExpires' | 'createdAt'> & {
  companyCount: number
}

export type AdminUserDetail = {
  user: AdminUserProfile
  companies: { id: string; name: string; role: MemberRole; verificationStatus: VerificationStatus | null; deleted: boolean }[]
  audit: {
    id: string
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    createdAt: Date
    actorUserId: string | null
    actorName: string | null
  }[]
}

const roleOf = (role: string | null): PlatformRole => (role === 'admin' ? 'admin' : 'user')

/** A ban counts until it expires; Better Auth lifts an expired one at the next sign-in. */
function isBanned(row: Pick<UserRow, 'banned' | 'banExpires'>, now = new Date()): boolean {
  return row.banned === true && (row.banExpires === null || row.banExpires > now)
}

function bannedNow(now: Date): SQL {
  return sql`(${users.banned} is true and (${users.banExpires} is null or ${gt(users.banExpires, now)}))`
}

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

function profileOf(row: UserRow): AdminUserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.emailIsPlaceholder ? null : row.email,
    phoneNumber: row.phoneNumber,
    emailVerified: row.emailVerified,
    phoneNumberVerified: row.phoneNumberVerified === true,
    twoFactorEnabled: row.twoFactorEnabled === true,
    role: roleOf(row.role),
    status: isBanned(row) ? 'banned' : 'active',
    banReason: isBanned(row) ? row.banReason : null,
    banExpires: isBanned(row) ? row.banExpires : null,
    createdAt: row.createdAt,
  }
}

async function findUser(userId: string, db: Database | Transaction = database()): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!row) throw new AppError('not_found', 'User not found')
  return row
}

/** The user, locked until the transaction ends, so two admins' changes to one user apply one after the other. */
async function lockedUser(tx: Transaction, userId: string): Promise<UserRow> {
  if (!(await lockUser(tx, userId))) throw new AppError('not_found', 'User not found')
  return findUser(userId, tx)
}

function searchFilters(query: UserSearchQuery, now: Date): SQL | undefined {
  const filters: Array<SQL | undefined> = []
  if (query.q) {
    const pattern = containsPattern(query.q)
    filters.push(or(ilike(users.name, pattern), and(eq(users.emailIsPlaceholder, false), ilike(users.email, pattern)), ilike(users.phoneNumber, pattern)))
  }
  if (query.role === 'admin') filters.push(eq(users.role, 'admin'))
  if (query.role === 'user') filters.push(sql`${users.role} is distinct from 'admin'`)
  if (query.status === 'banned') filters.push(bannedNow(now))
  if (query.status === 'active') filters.push(sql`not ${bannedNow(now)}`)
  return and(...filters)
}

/** Users matching a name, email or phone fragment, newest first, with how many companies each belongs to. */
export async function searchUsers(
  ctx: ServiceContext,
  query: UserSearchQuery,
): Promise<{ items: AdminUserListItem[]; total: number; limit: number; offset: number }> {
  requirePlatformAdmin(ctx.actor)
  const db = database()
  const where = searchFilters(query, new Date())
  const companyCounts = db
    .select({ userId: members.userId, companyCount: count().as('company_count') })
    .from(members)
    .innerJoin(organizations, and(eq(organizations.id, members.organizationId), isNull(organizations.deletedAt)))
    .groupBy(members.userId)
    .as('company_counts')
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: getViewSelectedFields(users), companyCount: sql<number>`coalesce(${companyCounts.companyCount}, 0)`.mapWith(Number) })
      .from(users)
      .leftJoin(companyCounts, eq(companyCounts.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(users).where(where),
  ])
  const items = rows.map(({ user, companyCount }) => {
    const profile = profileOf(user)
    return {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phoneNumber: profile.phoneNumber,
      role: profile.role,
      status: profile.status,
      banExpires: profile.banExpires,
      createdAt: profile.createdAt,
      companyCount,
    }
  })
  return { items, total: total?.value ?? 0, limit: query.limit, offset: query.offset }
}

/** One user with their companies (deleted ones too) and the recent audit entries about them. */
export async function getUserDetail(ctx: ServiceContext, userId: string): Promise<AdminUserDetail> {
  requirePlatformAdmin(ctx.actor)
  const row = await findUser(userId)
  const db = database()
  const [companies, audit] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        role: members.role,
        verificationStatus: companyProfiles.verificationStatus,
        deletedAt: organizations.deletedAt,
      })
      .from(members)
      .innerJoin(organizations, eq(organizations.id, members.organizationId))
      .leftJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
      .where(eq(members.userId, userId))
      .orderBy(asc(members.createdAt)),
    auditOfTarget('user', userId, RECENT_AUDIT_LIMIT, db),
  ])
  return {
    user: profileOf(row),
    companies: companies.map(({ deletedAt, ...company }) => ({ ...company, deleted: deletedAt !== null })),
    audit,
  }
}

/**
 * Makes a user a platform admin or an ordinary user. Their sessions end at once: cookie caches and
 * access tokens carry the role, and a demoted admin must not keep admin access until they expire.
 */
export async function setPlatformRole(ctx: ServiceContext, userId: string, role: PlatformRole): Promise<AdminUserProfile> {
  requirePlatformAdmin(ctx.actor)
  const ended = await database().transaction(async (tx) => {
    const row = await lockedUser(tx, userId)
    const from = roleOf(row.role)
    if (userId === ctx.actor.userId && role !== 'admin') throw new AppError('cannot_change_own_role', 'You cannot remove your own platform admin role')
    if (from === role) return []
    await updatePlatformRole(tx, userId, role)
    await recordAudit(tx, ctx, { companyId: null, action: 'user.role_changed', targetType: 'user', targetId: userId, before: { role: from }, after: { role } })
    return deleteUserSessions(tx, userId)
  })
  revokeSessions(ended)
  return profileOf(await findUser(userId))
}

function banSnapshot(row: Pick<UserRow, 'banned' | 'banReason' | 'banExpires'>) {
  const banned = isBanned(row)
  return { banned, banReason: banned ? row.banReason : null, banExpires: banned ? (row.banExpires?.toISOString() ?? null) : null }
}

/** Bans a user, for a number of days or until unbanned; all their sessions end at once and they cannot sign in. */
export async function banUser(ctx: ServiceContext, userId: string, input: BanUserInput): Promise<AdminUserProfile> {
  requirePlatformAdmin(ctx.actor)
  const ended = await database().transaction(async (tx) => {
    const row = await lockedUser(tx, userId)
    if (userId === ctx.actor.userId) throw new AppError('cannot_ban_self', 'You cannot ban yourself')
    if (roleOf(row.role) === 'admin') throw new AppError('cannot_ban_admin', 'Make this platform admin a user before banning them')
    const ban = { reason: input.reason, expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS) }
    await updateBan(tx, userId, ban)
    await recordAudit(tx, ctx, {
      companyId: null,
      action: 'user.banned',
      targetType: 'user',
      targetId: userId,
      before: banSnapshot(row),
      after: banSnapshot({ banned: true, banReason: ban.reason, banExpires: ban.expiresAt }),
    })
    return deleteUserSessions(tx, userId)
  })
  revokeSessions(ended)
  return profileOf(await findUser(userId))
}

/** Lifts a ban so the user can sign in again; unbanning someone who is not banned changes nothing. */
export async function unbanUser(ctx: ServiceContext, userId: string): Promise<AdminUserProfile> {
  requirePlatformAdmin(ctx.actor)
  await database().transaction(async (tx) => {
    const row = await lockedUser(tx, userId)
    if (!isBanned(row)) return
    await updateBan(tx, userId, null)
    await recordAudit(tx, ctx, {
      companyId: null,
      action: 'user.unbanned',
      targetType: 'user',
      targetId: userId,
      before: banSnapshot(row),
      after: { banned: false, banReason: null, banExpires: null },
    })
  })
  return profileOf(await findUser(userId))
}
