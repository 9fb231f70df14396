import { useState } from 'react'
import type { ComparisonLine } from '../comparison.service.server'

/**
 * What the buyer is about to award: which open lines are ticked (none at first) and the offer chosen per line (the best
 * one at first). Only ticked lines are awarded; the preselected offer is a suggestion, never an award by itself.
 */
export type AwardSelectionState = {
  included: ReadonlySet<string>
  offers: Readonly<Record<string, string>>
  toggle: (rfqLineId: string, on: boolean) => void
  choose: (rfqLineId: string, quotationId: string) => void
  /** Ticks every open line the quotation priced and chooses its offer there. */
  takeAllOf: (quotationId: string) => void
}

export function useAwardSelection(lines: readonly ComparisonLine[]): AwardSelectionState {
  const [included, setIncluded] = useState<ReadonlySet<string>>(() => new Set())
  const [offers, setOffers] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.flatMap((line) => (line.bestQuotationId ? [[line.id, line.bestQuotationId]] : []))),
  )
  const open = new Set(lines.filter((line) => !line.award).map((line) => line.id))
  return {
    // A line awarded since it was ticked (this award, or a colleague's) is no longer part of the selection.
    included: new Set([...included].filter((id) => open.has(id))),
    offers,
    toggle: (rfqLineId, on) =>
      setIncluded((current) => {
        const next = new Set(current)
        if (on) next.add(rfqLineId)
        else next.delete(rfqLineId)
        return next
      }),
    choose: (rfqLineId, quotationId) => setOffers((current) => ({ ...current, [rfqLineId]: quotationId })),
    takeAllOf: (quotationId) => {
      const priced = lines.filter((line) => !line.award && line.cells[quotationId]).map((line) => line.id)
      setIncluded((current) => new Set([...current, ...priced]))
      setOffers((current) => ({ ...current, ...Object.fromEntries(priced.map((id) => [id, quotationId])) }))
    },
  }
}
