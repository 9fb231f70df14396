// An order's payment plan (pure, isomorphic): its payment terms turned into instalments of exact minor units.
import { divideRounded } from '../../platform/format/decimal-text'
import type { PaymentTerms } from '../../platform/trade-terms'
import { type Instalment, PAYMENT_PLANS, type PaymentStage } from './finance.constants'

/** The share of `amount` in basis points (1/100 of a percent), rounded half away from zero. */
export const shareOf = (amountMinor: bigint, basisPoints: number): bigint => divideRounded(amountMinor * BigInt(basisPoints), 10_000n)

export type PlannedInstalment = Instalment & { amountMinor: bigint }

/**
 * The instalments of an order of `totalMinor` under `terms`: each its share, the last one the rest, so that the
 * instalments always add up to the total exactly.
 */
export function paymentPlan(terms: PaymentTerms, totalMinor: bigint): PlannedInstalment[] {
  const instalments = PAYMENT_PLANS[terms]
  let left = totalMinor
  return instalments.map((instalment, index) => {
    const amountMinor = index === instalments.length - 1 ? left : shareOf(totalMinor, instalment.basisPoints)
    left -= amountMinor
    return { ...instalment, amountMinor }
  })
}

export function instalmentOf(terms: PaymentTerms, totalMinor: bigint, stage: PaymentStage): PlannedInstalment | undefined {
  return paymentPlan(terms, totalMinor).find((instalment) => instalment.stage === stage)
}
