import { z } from '../../platform/zod'
import type { AwardSelection } from './award-plan'
import { MAX_RFQ_LINES } from './sourcing.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const reference = (message: string) => z.string(message).trim().max(64, message)

/**
 * An award: the lines chosen one by one (each with the quotation that wins it), or `allTo` — every line not yet
 * awarded that this quotation priced — and a note for the purchase orders. Which lines and quotations may win is the
 * award service's check (`planAward`), so a wrong id is a field error under `lines.<i>` from there.
 */
export const AwardRfqInput = z
  .object({
    lines: z
      .array(z.object({ rfqLineId: reference('validation.line'), quotationId: reference('validation.quotation') }), 'validation.nothingToAward')
      .max(MAX_RFQ_LINES, 'validation.nothingToAward')
      .default([]),
    allTo: z.preprocess(blankToUndefined, reference('validation.quotation').min(1, 'validation.quotation').optional()),
    notes: z.preprocess(blankToUndefined, z.string('validation.notes').trim().max(2000, 'validation.notes').optional()),
  })
  .refine((input) => !(input.allTo && input.lines.length > 0), { message: 'validation.awardLinesOrAll', path: ['allTo'] })
export type AwardRfqInput = z.infer<typeof AwardRfqInput>

/** The form names of the award: a checkbox that includes a line, and the offer (quotation) chosen for it. */
export const awardFieldNames = (rfqLineId: string) => ({ include: `include.${rfqLineId}`, offer: `offer.${rfqLineId}` })

/**
 * The lines the buyer ticked, each with the offer chosen for it (empty when none was): a line not ticked is not
 * awarded, whatever offer is preselected for it.
 */
export function readAwardForm(raw: Record<string, unknown>): AwardSelection[] {
  return Object.keys(raw).flatMap((name) => {
    if (!name.startsWith('include.') || !raw[name]) return []
    const rfqLineId = name.slice('include.'.length)
    const offer = raw[awardFieldNames(rfqLineId).offer]
    return [{ rfqLineId, quotationId: typeof offer === 'string' ? offer : '' }]
  })
}
