// Bank accounts (issue 21): where a company's payouts go. Owners and admins keep them; a platform admin verifies each
// before it can receive money, and any change to who or where the money goes sends it back to review.
import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { hasRole } from '../../platform/member-roles'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { companyNames, lockCompany, type Notice, recordNotice } from '../companies/index.server'
import { recordAudit } from '../kernel/index.server'
import { type BankAccountInput, type EditBankAccountInput, MAX_BANK_ACCOUNTS } from './bank-account.inputs'
import { bankAccountLabel, maskedAccountNumber } from './bank-details'
import { requireFinanceReader, requireMoneyMover } from './finance-access.server'
import { type BankAccountScheme, type BankAccountStatus, FINANCE_PAGES } from './finance.constants'
import { bankAccounts } from './finance.tables.server'
import { FINANCE_REVIEW_PAGE_SIZE, type FinanceReviewInput } from './kyc.inputs'

type BankAccountRow = typeof bankAccounts.$inferSelect

/** A bank account as pages and the API show it: the full number only to those who may see it, the masked one to all. */
export type BankAccountView = {
  id: string
  holderName: string
  bankName: string
  country: string
  currency: string
  scheme: BankAccountScheme
  /** Null for plain members: they see the masked number only. */
  accountNumber: string | null
  maskedNumber: string
  label: string
  bic: string
  routingCode: string
  status: BankAccountStatus
  reviewNote: string
  isDefault: boolean
  version: number
  createdAt: Date
  updatedAt: Date
}

/** A pending account in the platform admins' review queue, with its company and full number. */
export type BankAccountReview = BankAccountView & { companyId: string; companyName: string }

/** Who and where the money goes: changing any of these sends the account back to review. */
const REVIEWED_FIELDS = ['scheme', 'accountNumber', 'bic', 'routingCode', 'holderName', 'country'] as const
const BACK_TO_REVIEW = { status: 'pending', reviewNote: '', reviewedBy: null, reviewedAt: null } as const

function toView(row: BankAccountRow, showNumber: boolean): BankAccountView {
  return {
    id: row.id,
    holderName: row.holderName,
    bankName: row.bankName,
    country: row.country,
    currency: row.currency,
    scheme: row.scheme,
    accountNumber: showNumber ? row.accountNumber : null,
    maskedNumber: maskedAccountNumber(row.accountNumber),
    label: bankAccountLabel(row),
    bic: row.bic,
    routingCode: row.routingCode,
    status: row.status,
    reviewNote: row.reviewNote,
    isDefault: row.isDefault,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

const liveOf = (companyId: string) => and(eq(bankAccounts.organizationId, companyId), isNull(bankAccounts.archivedAt))

/** The company's live account `id`, locked for the change; another company's or an archived one is not found. */
async function lockOwnAccount(tx: Transaction, companyId: string, id: string): Promise<BankAccountRow> {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), liveOf(companyId)))
    .for('update')
  if (!row) throw new AppError('not_found', 'Bank account not found')
  return row
}

async function accountView(ctx: ServiceContext & { actor: { companyId: string } }, id: string): Promise<BankAccountView> {
  const [row] = await database()
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'Bank account not found')
  return toView(row, hasRole(ctx.actor, 'admin'))
}

/** The company's live accounts, the default first (any member; the full numbers for owners and admins only). */
export async function listBankAccounts(ctx: ServiceContext): Promise<BankAccountView[]> {
  requireFinanceReader(ctx)
  const rows = await database()
    .select()
    .from(bankAccounts)
    .where(liveOf(ctx.actor.companyId))
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.createdAt), asc(bankAccounts.id))
  const showNumbers = hasRole(ctx.actor, 'admin')
  return rows.map((row) => toView(row, showNumbers))
}

/**
 * Adds an account, pending review (owners and admins, with two factors when the company asks); the company's first
 * becomes its default. Once per Idempotency-Key; at most MAX_BANK_ACCOUNTS live accounts.
 */
export async function addBankAccount(ctx: ServiceContext, input: BankAccountInput, options: IdempotencyOption = {}): Promise<BankAccountView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  const { id } = await createIdempotently(`bank_account:${companyId}`, options, input, async (tx, newId) => {
    // One change to the company's accounts at a time: the count and the first-is-default rule hold under it.
    await lockCompany(tx, companyId)
    const [live] = await tx.select({ n: count() }).from(bankAccounts).where(liveOf(companyId))
    const existing = live?.n ?? 0
    if (existing >= MAX_BANK_ACCOUNTS) throw new AppError('conflict', 'The company has as many bank accounts as it may keep', { limit: MAX_BANK_ACCOUNTS })
    await tx.insert(bankAccounts).values({ id: newId, organizationId: companyId, ...input, isDefault: existing === 0, createdBy: ctx.actor.userId })
    await audit(tx, ctx, companyId, 'bank_account.created', newId, { after: auditFacts({ ...input, status: 'pending' }) })
  })
  return accountView(ctx, id)
}

/**
 * Changes an account against the version the editor saw. A change of holder, number, codes or country (and any edit of
 * a rejected account) sends it back to review: payouts wait until a platform admin verified it again.
 */
export async function editBankAccount(ctx: ServiceContext, id: string, input: EditBankAccountInput): Promise<BankAccountView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const row = await lockOwnAccount(tx, companyId, id)
    if (row.version !== input.version) throw new AppError('stale_version', 'The bank account changed meanwhile', { version: row.version })
    const { version: _seen, ...fields } = input
    const rereview = row.status === 'rejected' || REVIEWED_FIELDS.some((field) => row[field] !== fields[field])
    await tx
      .update(bankAccounts)
      .set({ ...fields, ...(rereview ? BACK_TO_REVIEW : {}), updatedAt: new Date(), version: row.version + 1 })
      .where(eq(bankAccounts.id, id))
    await audit(tx, ctx, companyId, 'bank_account.updated', id, {
      before: auditFacts(row),
      after: auditFacts({ ...row, ...fields, status: rereview ? 'pending' : row.status }),
    })
  })
  return accountView(ctx, id)
}

/** Archives an account (it leaves the list and takes no new payouts); a default hands its place to the next verified one. */
export async function archiveBankAccount(ctx: ServiceContext, id: string): Promise<void> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const row = await lockOwnAccount(tx, companyId, id)
    const now = new Date()
    await tx
      .update(bankAccounts)
      .set({ archivedAt: now, isDefault: false, updatedAt: now, version: row.version + 1 })
      .where(eq(bankAccounts.id, id))
    await audit(tx, ctx, companyId, 'bank_account.archived', id, { before: auditFacts(row) })
    if (row.isDefault) await promoteNextDefault(tx, companyId)
  })
}

/** The oldest verified live account (else the oldest live one) becomes the default. */
async function promoteNextDefault(tx: Transaction, companyId: string): Promise<void> {
  const [next] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(liveOf(companyId))
    .orderBy(desc(eq(bankAccounts.status, 'verified')), asc(bankAccounts.createdAt), asc(bankAccounts.id))
    .limit(1)
  if (next) await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, next.id))
}

/** Makes the account the company's default for payouts (one default at a time). */
export async function setDefaultBankAccount(ctx: ServiceContext, id: string): Promise<BankAccountView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const row = await lockOwnAccount(tx, companyId, id)
    if (row.isDefault) return
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(liveOf(companyId), ne(bankAccounts.id, id)))
    await tx
      .update(bankAccounts)
      .set({ isDefault: true, updatedAt: new Date(), version: row.version + 1 })
      .where(eq(bankAccounts.id, id))
    await audit(tx, ctx, companyId, 'bank_account.made_default', id, { after: auditFacts(row) })
  })
  return accountView(ctx, id)
}

/**
 * The account a payout may go to (for the payouts service, inside its transaction): the company's own, live and
 * verified. Another company's or an archived account is not found; one not (or no longer) verified is refused.
 */
export async function verifiedBankAccount(
  tx: Database | Transaction,
  organizationId: string,
  bankAccountId: string,
): Promise<{ id: string; label: string; currency: string }> {
  const [row] = await tx
    .select({
      id: bankAccounts.id,
      bankName: bankAccounts.bankName,
      accountNumber: bankAccounts.accountNumber,
      currency: bankAccounts.currency,
      status: bankAccounts.status,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), liveOf(organizationId)))
  return usableBankAccount(row ?? null)
}

/** What a payout needs to know of a bank account. */
export type BankAccountFacts = Pick<BankAccountRow, 'id' | 'bankName' | 'accountNumber' | 'currency' | 'status'>

/** A live account of the company (read by the caller) that money may be sent to: not found when missing, refused unless verified. */
export function usableBankAccount(row: BankAccountFacts | null): { id: string; label: string; currency: string } {
  if (!row) throw new AppError('not_found', 'Bank account not found')
  if (row.status !== 'verified') throw new AppError('bank_account_unverified', 'The bank account is not verified yet')
  return { id: row.id, label: bankAccountLabel(row), currency: row.currency }
}

/** The accounts waiting for review, oldest change first, with their companies (platform admins). */
export async function pendingBankAccounts(ctx: ServiceContext): Promise<{ items: BankAccountReview[]; total: number }> {
  requirePlatformAdmin(ctx.actor)
  const pending = and(eq(bankAccounts.status, 'pending'), isNull(bankAccounts.archivedAt))
  const [rows, [total]] = await Promise.all([
    database().select().from(bankAccounts).where(pending).orderBy(asc(bankAccounts.updatedAt), asc(bankAccounts.id)).limit(FINANCE_REVIEW_PAGE_SIZE),
    database().select({ n: count() }).from(bankAccounts).where(pending),
  ])
  const names = await companyNames(rows.map((row) => row.organizationId))
  return {
    items: rows.map((row) => ({ ...toView(row, true), companyId: row.organizationId, companyName: names.get(row.organizationId) ?? '' })),
    total: total?.n ?? 0,
  }
}

/** A platform admin verifies a pending account, or rejects it with the reason the company reads; the company is told. */
export async function decideBankAccount(ctx: ServiceContext, id: string, input: FinanceReviewInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), isNull(bankAccounts.archivedAt)))
      .for('update')
    if (!row) throw new AppError('not_found', 'Bank account not found')
    if (row.status !== 'pending') throw new AppError('conflict', 'The bank account has already been reviewed')
    const now = new Date()
    const reason = input.decision === 'reject' ? input.reason : ''
    await tx
      .update(bankAccounts)
      .set({
        status: input.decision === 'accept' ? 'verified' : 'rejected',
        reviewNote: reason,
        reviewedBy: ctx.actor.userId,
        reviewedAt: now,
        updatedAt: now,
        version: row.version + 1,
      })
      .where(eq(bankAccounts.id, id))
    await audit(tx, ctx, row.organizationId, input.decision === 'accept' ? 'bank_account.verified' : 'bank_account.rejected', id, {
      after: { ...auditFacts(row), reason },
    })
    const notice: Notice = {
      companyId: row.organizationId,
      kind: input.decision === 'accept' ? 'finance.bank_account_verified' : 'finance.bank_account_rejected',
      params: { account: bankAccountLabel(row), reason },
      link: FINANCE_PAGES.settings,
    }
    await recordNotice(tx, notice)
    events.push(await recordEvent(tx, { name: `bank_account.${input.decision}`, notices: [notice] }))
  })
  await relayEvents(events)
}

type AuditedAccount = Pick<BankAccountRow, 'holderName' | 'bankName' | 'country' | 'currency' | 'scheme' | 'accountNumber' | 'status'>

/** What the company's activity log keeps of an account: never its full number (the last four digits only). */
const auditFacts = (row: AuditedAccount) => ({
  holder: row.holderName,
  bank: row.bankName,
  country: row.country,
  currency: row.currency,
  scheme: row.scheme,
  number: maskedAccountNumber(row.accountNumber),
  status: row.status,
})

const audit = (
  tx: Transaction,
  ctx: ServiceContext,
  companyId: string,
  action:
    'bank_account.created' | 'bank_account.updated' | 'bank_account.archived' | 'bank_account.made_default' | 'bank_account.verified' | 'bank_account.rejected',
  id: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) => recordAudit(tx, ctx, { companyId, action, targetType: 'bank_account', targetId: id, ...change })
