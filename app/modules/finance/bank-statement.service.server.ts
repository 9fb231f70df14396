// Bank statements (issue 21): a platform admin uploads the platform account's statement; each credit that quotes an
// awaiting bank-transfer payment's reference with its exact amount and currency holds that payment, in the transaction
// of the line's `matched` status. Every other line stays unmatched with why, for the admin to match by hand or set
// aside. A transaction imported before (the bank's id, else a digest of the line) is skipped: nothing is matched twice.
import { randomUUID } from 'node:crypto'
import { count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError, isAppError } from '../../platform/errors'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import type { OutboxEventId } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { fieldErrorsOf } from '../../platform/validation'
import { parseStatementCsv, type StatementRow } from './bank-statement-csv.server'
import {
  type IgnoreStatementLineInput,
  MAX_STATEMENT_BYTES,
  type MatchStatementLineInput,
  type StatementLineQuery,
  UploadStatementInput,
} from './bank-statement.inputs'
import type { StatementLineStatus, UnmatchedReason } from './finance.constants'
import { bankStatementLines, bankStatements, payments } from './finance.tables.server'
import { referencesIn } from './payment-providers.server'
import { holdPayment, lockPayment, moneyStep, type PaymentRow } from './payment.service.server'

export type StatementUpload = { statementId: string; lines: number; matched: number; unmatched: number; duplicates: number }

export type StatementLine = {
  id: string
  statementId: string
  fileName: string
  lineNumber: number
  bookedOn: string
  amountMinor: bigint
  currency: string
  reference: string
  payer: string
  status: StatementLineStatus
  /** Why it is unmatched (one of UNMATCHED_REASONS), or the admin's note on an ignored line. */
  reason: string
  paymentId: string | null
  paymentNumber: string | null
  matchedBy: string | null
  matchedAt: Date | null
  uploadedAt: Date
}

const fileError = (key: string, message: string) => new AppError('validation_failed', message, { fields: { file: [key] } })

/** Reads the statement or refuses it as a whole (422): the file's problem, or each row's (`details.rows`). */
function readStatement(csvText: string): StatementRow[] {
  if (Buffer.byteLength(csvText, 'utf8') > MAX_STATEMENT_BYTES) throw new AppError('file_too_large', 'The statement is larger than 1 MB', { limitMb: 1 })
  const parsed = parseStatementCsv(csvText)
  if (parsed.ok) return parsed.rows
  if (parsed.fileError) throw fileError(parsed.fileError, 'The statement file cannot be read')
  throw new AppError('validation_failed', 'The statement has errors: nothing was imported', { rows: parsed.rowErrors })
}

/**
 * Why a line pays no payment, or the payment it pays: a credit quoting the reference of an awaiting bank-transfer
 * payment of the same currency and amount. Of several references quoted, the one that fits wins; else the first found
 * says why none did.
 */
export function lineVerdict(
  line: Pick<StatementRow, 'amountMinor' | 'currency' | 'reference'>,
  quoted: readonly PaymentRow[],
): { payment: PaymentRow } | { reason: UnmatchedReason } {
  if (line.amountMinor <= 0n) return { reason: 'not_a_credit' }
  if (referencesIn(line.reference).length === 0) return { reason: 'no_reference' }
  if (quoted.length === 0) return { reason: 'unknown_reference' }
  const reasons = quoted.map((payment): UnmatchedReason | null => {
    if (payment.provider !== 'bank_transfer' || payment.status !== 'awaiting') return 'not_awaiting'
    if (payment.currency !== line.currency) return 'currency_mismatch'
    if (payment.amountMinor !== line.amountMinor) return 'amount_mismatch'
    return null
  })
  const fits = reasons.indexOf(null)
  return fits >= 0 ? { payment: quoted[fits]! } : { reason: reasons[0]! }
}

/** The payments a line's text quotes, by reference, locked, in the order quoted. */
async function quotedPayments(tx: Transaction, reference: string): Promise<PaymentRow[]> {
  const references = referencesIn(reference)
  if (references.length === 0) return []
  const rows = await tx.select().from(payments).where(inArray(payments.reference, references)).orderBy(payments.id).for('update')
  return references.flatMap((quoted) => rows.filter((row) => row.reference === quoted))
}

/** The hold's refusal as the line's reason (the state may have moved between the check and the hold). */
function reasonOfRefusal(error: unknown): UnmatchedReason | null {
  if (!isAppError(error)) return null
  if (error.code === 'invalid_transition') return 'not_awaiting'
  const fields = error.code === 'validation_failed' ? (error.details?.fields as Record<string, unknown> | undefined) : undefined
  if (fields?.currency) return 'currency_mismatch'
  if (fields?.amount) return 'amount_mismatch'
  return null
}

/**
 * Holds the payment in a savepoint of its own, so that a refusal there leaves the other lines' work standing. Answers
 * why it was refused, or null when held.
 */
async function holdInSavepoint(
  tx: Transaction,
  payment: PaymentRow,
  line: StatementRow,
  ctx: ServiceContext,
  events: OutboxEventId[],
): Promise<UnmatchedReason | null> {
  try {
    const held = await tx.transaction((savepoint) =>
      holdPayment(savepoint, payment.id, { amountMinor: line.amountMinor, currency: line.currency, providerRef: null }, ctx),
    )
    events.push(...held)
    return null
  } catch (error) {
    const reason = reasonOfRefusal(error)
    if (!reason) throw error
    return reason
  }
}

/**
 * Imports a statement (platform admins): every line is stored and each credit matched where it can be; a bad file is
 * refused whole (422) and nothing is stored. A line imported before counts as a duplicate and is skipped.
 */
export async function uploadStatement(ctx: ServiceContext, input: UploadStatementInput, options: IdempotencyOption = {}): Promise<StatementUpload> {
  requirePlatformAdmin(ctx.actor)
  const parsed = UploadStatementInput.safeParse(input)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  const { fileName, csvText } = parsed.data
  const rows = readStatement(csvText)
  return moneyStep(async (tx, events) => {
    const statementId = randomUUID()
    if (options.idempotencyKey) {
      // A retried upload answers with what the first one stored (every line it held is already matched: nothing moves).
      const earlier = await claimIdempotencyKey(tx, {
        scope: 'bank-statement',
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(parsed.data),
        resourceId: statementId,
      })
      if (earlier) return uploadOf(tx, earlier)
    }
    const now = new Date()
    await tx.insert(bankStatements).values({ id: statementId, fileName, uploadedBy: ctx.actor.userId, createdAt: now })
    const result: StatementUpload = { statementId, lines: 0, matched: 0, unmatched: 0, duplicates: 0 }
    for (const line of rows) {
      const lineId = randomUUID()
      const [stored] = await tx
        .insert(bankStatementLines)
        .values({
          id: lineId,
          statementId,
          lineNumber: line.row,
          transactionKey: line.transactionKey,
          bookedOn: line.bookedOn,
          amountMinor: line.amountMinor,
          currency: line.currency,
          reference: line.reference,
          payer: line.payer,
          status: 'unmatched',
        })
        .onConflictDoNothing({ target: bankStatementLines.transactionKey })
        .returning({ id: bankStatementLines.id })
      if (!stored) {
        result.duplicates += 1
        continue
      }
      result.lines += 1
      const verdict = lineVerdict(line, line.amountMinor > 0n ? await quotedPayments(tx, line.reference) : [])
      const refused = 'reason' in verdict ? verdict.reason : await holdInSavepoint(tx, verdict.payment, line, ctx, events)
      if (refused) {
        result.unmatched += 1
        await tx.update(bankStatementLines).set({ reason: refused }).where(eq(bankStatementLines.id, lineId))
      } else if ('payment' in verdict) {
        result.matched += 1
        await tx
          .update(bankStatementLines)
          .set({ status: 'matched', paymentId: verdict.payment.id, matchedBy: ctx.actor.userId, matchedAt: now })
          .where(eq(bankStatementLines.id, lineId))
      }
    }
    await tx.update(bankStatements).set({ lineCount: result.lines, matchedCount: result.matched }).where(eq(bankStatements.id, statementId))
    return result
  })
}

/** What an earlier upload stored, as its answer said (a replay stores nothing again, so it met no duplicates). */
async function uploadOf(tx: Transaction, statementId: string): Promise<StatementUpload> {
  const rows = await tx
    .select({ status: bankStatementLines.status, n: count() })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statementId, statementId))
    .groupBy(bankStatementLines.status)
  const of = (status: StatementLineStatus) => rows.find((row) => row.status === status)?.n ?? 0
  return { statementId, lines: rows.reduce((sum, row) => sum + row.n, 0), matched: of('matched'), unmatched: of('unmatched') + of('ignored'), duplicates: 0 }
}

async function lockUnmatchedLine(tx: Transaction, lineId: string) {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).for('update')
  if (!line) throw new AppError('not_found', 'Statement line not found')
  if (line.status !== 'unmatched') throw new AppError('invalid_transition', `This line is already ${line.status}`, { action: 'match', status: line.status })
  return line
}

/**
 * A platform admin matches an unmatched line to the payment it pays, by hand (a reference mistyped by the buyer): the
 * payment must await a bank transfer of the line's currency and amount, like the matcher's.
 */
export async function matchLineManually(ctx: ServiceContext, lineId: string, input: MatchStatementLineInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  await moneyStep(async (tx, events) => {
    const line = await lockUnmatchedLine(tx, lineId)
    if (line.amountMinor <= 0n) throw new AppError('invalid_transition', 'A debit pays no payment', { action: 'match', reason: 'not_a_credit' })
    const payment = await lockPayment(tx, input.paymentId)
    if (payment.provider !== 'bank_transfer')
      throw new AppError('invalid_transition', 'Only a bank-transfer payment is matched to a statement line', { action: 'match', provider: payment.provider })
    // The hold checks the rest (awaiting, currency, amount) and writes nothing when it refuses.
    events.push(...(await holdPayment(tx, payment.id, { amountMinor: line.amountMinor, currency: line.currency, providerRef: null }, ctx)))
    const now = new Date()
    await tx
      .update(bankStatementLines)
      .set({ status: 'matched', reason: '', paymentId: payment.id, matchedBy: ctx.actor.userId, matchedAt: now })
      .where(eq(bankStatementLines.id, line.id))
    await tx
      .update(bankStatements)
      .set({ matchedCount: sql`${bankStatements.matchedCount} + 1` })
      .where(eq(bankStatements.id, line.statementId))
  })
}

/** A platform admin sets an unmatched line aside (a transfer that is no payment of ours), with a note kept as its reason. */
export async function ignoreLine(ctx: ServiceContext, lineId: string, input: IgnoreStatementLineInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  await database().transaction(async (tx) => {
    const line = await lockUnmatchedLine(tx, lineId)
    await tx
      .update(bankStatementLines)
      .set({ status: 'ignored', reason: input.note.trim(), matchedBy: ctx.actor.userId, matchedAt: new Date() })
      .where(eq(bankStatementLines.id, line.id))
  })
}

const lineRows = () =>
  database()
    .select({ line: bankStatementLines, fileName: bankStatements.fileName, uploadedAt: bankStatements.createdAt, paymentNumber: payments.number })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))

/** Statement lines for platform admins, newest booking first; by status (the unmatched ones are the work list). */
export async function listStatementLines(ctx: ServiceContext, query: StatementLineQuery): Promise<{ items: StatementLine[]; total: number }> {
  requirePlatformAdmin(ctx.actor)
  const where = query.status ? eq(bankStatementLines.status, query.status) : undefined
  const [rows, [total]] = await Promise.all([
    lineRows()
      .where(where)
      .orderBy(desc(bankStatementLines.bookedOn), desc(bankStatements.createdAt), bankStatementLines.lineNumber)
      .limit(query.limit)
      .offset(query.offset),
    database().select({ n: count() }).from(bankStatementLines).where(where),
  ])
  return { items: rows.map(lineOf), total: total?.n ?? 0 }
}

/** One statement line (platform admins). */
export async function getStatementLine(ctx: ServiceContext, lineId: string): Promise<StatementLine> {
  requirePlatformAdmin(ctx.actor)
  const [row] = await lineRows().where(eq(bankStatementLines.id, lineId))
  if (!row) throw new AppError('not_found', 'Statement line not found')
  return lineOf(row)
}

type LineRow = { line: typeof bankStatementLines.$inferSelect; fileName: string; uploadedAt: Date; paymentNumber: string | null }

function lineOf({ line, fileName, uploadedAt, paymentNumber }: LineRow): StatementLine {
  return {
    id: line.id,
    statementId: line.statementId,
    fileName,
    lineNumber: line.lineNumber,
    bookedOn: line.bookedOn,
    amountMinor: line.amountMinor,
    currency: line.currency,
    reference: line.reference,
    payer: line.payer,
    status: line.status,
    reason: line.reason,
    paymentId: line.paymentId,
    paymentNumber,
    matchedBy: line.matchedBy,
    matchedAt: line.matchedAt,
    uploadedAt,
  }
}
