import { randomUUID } from 'node:crypto'
import DecimalBase from 'decimal.js'
import { asc, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { roundToCurrency } from '../catalog/index'
import { checkAttachments } from '../kernel/index.server'
import type { Snapshot } from './quotation-diff'
import { fieldError } from './quotation-refusals.server'
import type { QuotationLineInput, SaveQuotationInput } from './quotation.inputs'
import type { RfqRow } from './rfq.types'
import { quotationLines, quotationRevisions, quotations, rfqLines } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

type RfqLineRow = typeof rfqLines.$inferSelect

/** The day as the validity dates are written (UTC). */
export const today = (now = new Date()) => now.toISOString().slice(0, 10)

/** Checks one entry per RFQ line (priced, or explicitly no offer) and at least one priced; field errors under lines.<i>. */
function checkLines(lines: RfqLineRow[], input: QuotationLineInput[]): QuotationLineInput[] {
  const fields: Record<string, string[]> = {}
  const known = new Map(lines.map((line) => [line.id, line]))
  const seen = new Set<string>()
  input.forEach((line, index) => {
    if (!known.has(line.rfqLineId) || seen.has(line.rfqLineId)) fields[`lines.${index}.rfqLineId`] = ['validation.line']
    seen.add(line.rfqLineId)
  })
  if (Object.keys(fields).length === 0 && lines.some((line) => !seen.has(line.id))) fields.lines = ['validation.everyLine']
  if (Object.keys(fields).length === 0 && input.every((line) => line.noOffer)) fields.lines = ['validation.noPricedLine']
  if (Object.keys(fields).length > 0) throw fieldError(fields)
  return input.filter((line) => !line.noOffer)
}

/** Validates the whole content against the RFQ and answers the columns and lines to store. */
export async function contentOf(tx: Transaction, companyId: string, rfq: RfqRow, input: SaveQuotationInput, now: Date) {
  const lines = await tx.select().from(rfqLines).where(eq(rfqLines.rfqId, rfq.id)).orderBy(asc(rfqLines.position))
  const priced = checkLines(lines, input.lines)
  if (input.validUntil < today(now)) throw fieldError({ validUntil: ['validation.validUntilPast'] })
  await checkAttachments(companyId, input.attachmentFileIds, tx)
  const columns = {
    currency: input.currency,
    incoterm: input.incoterm,
    incotermPlace: input.incotermPlace,
    freightAmount: input.freightAmount ?? null,
    insuranceAmount: input.insuranceAmount ?? null,
    paymentTerms: input.paymentTerms,
    validUntil: input.validUntil,
    notes: input.notes,
    attachmentFileIds: input.attachmentFileIds,
  }
  return { columns, priced }
}

export async function replaceLines(tx: Transaction, quotationId: string, priced: QuotationLineInput[]): Promise<void> {
  await tx.delete(quotationLines).where(eq(quotationLines.quotationId, quotationId))
  if (priced.length === 0) return
  await tx.insert(quotationLines).values(
    priced.map((line) => ({
      id: randomUUID(),
      quotationId,
      rfqLineId: line.rfqLineId,
      unitPrice: line.unitPrice!,
      moq: line.moq,
      leadTimeDays: line.leadTimeDays ?? 0,
      note: line.note,
      alternativeDescription: line.alternativeDescription ?? null,
      alternativeUnitPrice: line.alternativeDescription ? (line.alternativeUnitPrice ?? null) : null,
    })),
  )
}

/** The quotation as stored now (terms and lines), kept as one revision. */
async function snapshotOf(tx: Transaction, quotationId: string): Promise<Snapshot> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, quotationId))
  if (!row) throw new AppError('internal', 'Quotation not stored')
  const lines = await tx
    .select({ line: quotationLines, title: rfqLines.title })
    .from(quotationLines)
    .innerJoin(rfqLines, eq(rfqLines.id, quotationLines.rfqLineId))
    .where(eq(quotationLines.quotationId, quotationId))
    .orderBy(asc(rfqLines.position))
  return {
    currency: row.currency,
    incoterm: row.incoterm,
    incotermPlace: row.incotermPlace,
    freightAmount: row.freightAmount,
    insuranceAmount: row.insuranceAmount,
    paymentTerms: row.paymentTerms,
    validUntil: row.validUntil,
    notes: row.notes,
    attachmentFileIds: row.attachmentFileIds,
    lines: lines.map(({ line, title }) => ({
      rfqLineId: line.rfqLineId,
      title,
      unitPrice: line.unitPrice,
      moq: line.moq,
      leadTimeDays: line.leadTimeDays,
      note: line.note,
      alternativeDescription: line.alternativeDescription,
      alternativeUnitPrice: line.alternativeUnitPrice,
    })),
  }
}

/** Keeps the quotation as stored now as round `revision` of its history. */
export async function recordRevision(tx: Transaction, ctx: ServiceContext, quotationId: string, revision: number, now: Date): Promise<Snapshot> {
  const snapshot = await snapshotOf(tx, quotationId)
  await tx.insert(quotationRevisions).values({ id: randomUUID(), quotationId, revision, snapshot, submittedBy: ctx.actor.userId, submittedAt: now })
  return snapshot
}

const snapshotTotal = (snapshot: Snapshot, quantities: Map<string, number>) =>
  roundToCurrency(
    snapshot.lines.reduce((sum, line) => sum.plus(new Decimal(line.unitPrice).times(quantities.get(line.rfqLineId) ?? 0)), new Decimal(0)).toString(),
    snapshot.currency,
  )

/** A round's total: its unit prices times the RFQ's quantities, rounded to its currency. */
export async function totalOf(tx: Transaction, rfqId: string, snapshot: Snapshot): Promise<string> {
  const lines = await tx.select({ id: rfqLines.id, quantity: rfqLines.quantity }).from(rfqLines).where(eq(rfqLines.rfqId, rfqId))
  return snapshotTotal(snapshot, new Map(lines.map((line) => [line.id, line.quantity])))
}
