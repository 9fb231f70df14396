import type { QuotationStatus } from './sourcing.constants'

/** One RFQ line given to one quotation. */
export type AwardSelection = { rfqLineId: string; quotationId: string }

export type PlanLine = { id: string; title: string; unit: string; quantity: number }
export type PlanQuotation = { id: string; supplierCompanyId: string; status: QuotationStatus; prices: ReadonlyMap<string, string> }

/** One purchase order to be: a supplier's quotation and the lines it won, at its quoted unit prices. */
export type AwardGroup = { supplierCompanyId: string; quotationId: string; lines: Array<PlanLine & { unitPrice: string }> }

export type AwardPlan =
  | { ok: true; groups: AwardGroup[] }
  | { ok: false; kind: 'validation'; fields: Record<string, string[]> }
  | { ok: false; kind: 'conflict'; reason: 'already_awarded' | 'quotation_not_open'; index: number }

/** Quotations that may win lines: pending or already accepted (never drafts, withdrawn, rejected or expired ones). */
export const AWARDABLE_QUOTATION_STATUSES: readonly QuotationStatus[] = ['submitted', 'accepted']

/**
 * Checks an award and splits it per supplier: every selected line belongs to the RFQ, appears once, is not awarded
 * already, and goes to an awardable quotation of the RFQ that priced it. Field problems (`lines.<i>.rfqLineId|quotationId`)
 * come back together; a line already awarded or a quotation no longer open is a conflict (409). Groups keep the RFQ's
 * line order, and suppliers appear in the order of their first line.
 */
export function planAward(
  selections: readonly AwardSelection[],
  lines: readonly PlanLine[],
  alreadyAwarded: ReadonlySet<string>,
  quotations: ReadonlyMap<string, PlanQuotation>,
): AwardPlan {
  const lineById = new Map(lines.map((line) => [line.id, line]))
  const fields: Record<string, string[]> = {}
  const seen = new Set<string>()
  if (selections.length === 0) return { ok: false, kind: 'validation', fields: { lines: ['validation.nothingToAward'] } }
  for (const [index, selection] of selections.entries()) {
    if (!lineById.has(selection.rfqLineId)) fields[`lines.${index}.rfqLineId`] = ['validation.line']
    else if (seen.has(selection.rfqLineId)) fields[`lines.${index}.rfqLineId`] = ['validation.duplicateLine']
    seen.add(selection.rfqLineId)
    const quotation = quotations.get(selection.quotationId)
    if (!selection.quotationId) fields[`lines.${index}.quotationId`] = ['validation.chooseOffer']
    else if (!quotation) fields[`lines.${index}.quotationId`] = ['validation.quotation']
    else if (lineById.has(selection.rfqLineId) && !quotation.prices.has(selection.rfqLineId)) fields[`lines.${index}.quotationId`] = ['validation.notQuoted']
  }
  if (Object.keys(fields).length > 0) return { ok: false, kind: 'validation', fields }
  for (const [index, selection] of selections.entries()) {
    if (alreadyAwarded.has(selection.rfqLineId)) return { ok: false, kind: 'conflict', reason: 'already_awarded', index }
    if (!AWARDABLE_QUOTATION_STATUSES.includes(quotations.get(selection.quotationId)!.status))
      return { ok: false, kind: 'conflict', reason: 'quotation_not_open', index }
  }
  const chosen = new Map(selections.map((selection) => [selection.rfqLineId, selection.quotationId]))
  const groups = new Map<string, AwardGroup>()
  for (const line of lines) {
    const quotationId = chosen.get(line.id)
    if (!quotationId) continue
    const quotation = quotations.get(quotationId)!
    const group = groups.get(quotationId) ?? { supplierCompanyId: quotation.supplierCompanyId, quotationId, lines: [] }
    group.lines.push({ ...line, unitPrice: quotation.prices.get(line.id)! })
    groups.set(quotationId, group)
  }
  return { ok: true, groups: [...groups.values()] }
}
