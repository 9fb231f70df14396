import type { AwardSelection } from './award-plan'

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
