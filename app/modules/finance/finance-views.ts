// The finance reads as pages receive them (issue 21): minor units turned into exact decimal strings with their
// currency (the browser formats them), dates as ISO text. Pure and isomorphic: loaders map, components read the types.
import { minorToDecimal } from '../../platform/format/money'
// Types only (erased from the browser's bundle): the shapes the reads answer with.
import type { MoneyTotals, OrderPayments, PaymentDetail, PaymentSummary, PayoutSummary } from './finance-reads.service.server'

const decimal = (minor: bigint, currency: string) => minorToDecimal({ minor, currency }) as string
const iso = (date: Date | null) => (date ? date.toISOString() : null)

export const paymentSummaryView = (payment: PaymentSummary) => ({
  id: payment.id,
  number: payment.number,
  orderId: payment.orderId,
  orderNumber: payment.orderNumber,
  stage: payment.stage,
  status: payment.status,
  provider: payment.provider,
  side: payment.side,
  buyerName: payment.buyerName,
  supplierName: payment.supplierName,
  currency: payment.currency,
  amount: decimal(payment.amountMinor, payment.currency),
  held: decimal(payment.heldMinor, payment.currency),
  released: decimal(payment.releasedMinor, payment.currency),
  refunded: decimal(payment.refundedMinor, payment.currency),
  fee: decimal(payment.feeMinor, payment.currency),
  reference: payment.reference,
  frozen: payment.frozen,
  createdAt: payment.createdAt.toISOString(),
  heldAt: iso(payment.heldAt),
  closedAt: iso(payment.closedAt),
})
export type PaymentSummaryView = ReturnType<typeof paymentSummaryView>

export const paymentDetailView = (payment: PaymentDetail) => ({
  ...paymentSummaryView(payment),
  orderCurrency: payment.orderCurrency,
  orderAmount: decimal(payment.orderAmountMinor, payment.orderCurrency),
  fxRate: payment.fxRate,
  checkoutUrl: payment.checkoutUrl,
  releaseAfter: iso(payment.releaseAfter),
  refunds: payment.refunds.map((refund) => ({
    id: refund.id,
    amount: decimal(refund.amountMinor, refund.currency),
    currency: refund.currency,
    reason: refund.reason,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
    sentAt: iso(refund.sentAt),
  })),
  bankDetails: payment.bankDetails,
})
export type PaymentDetailView = ReturnType<typeof paymentDetailView>

export const totalsView = (total: MoneyTotals) => ({
  currency: total.currency,
  paid: decimal(total.paid, total.currency),
  held: decimal(total.held, total.currency),
  released: decimal(total.released, total.currency),
  refunded: decimal(total.refunded, total.currency),
  fees: decimal(total.fees, total.currency),
})

/** The currencies a buyer may pay in besides the order's own (converted at the day's reference rate). */
export const PAY_CURRENCIES = ['USD', 'EUR', 'CNY', 'HKD', 'GBP'] as const

export const orderPaymentsView = (plan: OrderPayments) => ({
  orderId: plan.orderId,
  orderStatus: plan.orderStatus,
  currency: plan.currency,
  total: decimal(plan.totalMinor, plan.currency),
  side: plan.side,
  instalments: plan.instalments.map((instalment) => ({
    stage: instalment.stage,
    basisPoints: instalment.basisPoints,
    due: instalment.due,
    days: instalment.days,
    amount: decimal(instalment.amountMinor, plan.currency),
    payable: instalment.payable,
    payment: instalment.payment ? paymentDetailView(instalment.payment) : null,
  })),
  totals: plan.totals.map(totalsView),
  providers: plan.providers,
  needsMoneyRole: plan.needsMoneyRole,
  currencies: [...new Set([plan.currency, ...PAY_CURRENCIES])],
})
export type OrderPaymentsView = ReturnType<typeof orderPaymentsView>

export const payoutView = (payout: PayoutSummary) => ({
  id: payout.id,
  number: payout.number,
  companyName: payout.companyName,
  bankAccountLabel: payout.bankAccountLabel,
  currency: payout.currency,
  amount: decimal(payout.amountMinor, payout.currency),
  fee: decimal(payout.feeMinor, payout.currency),
  net: decimal(payout.amountMinor - payout.feeMinor, payout.currency),
  status: payout.status,
  reason: payout.reason,
  bankReference: payout.bankReference,
  createdAt: payout.createdAt.toISOString(),
  closedAt: iso(payout.closedAt),
})
export type PayoutView = ReturnType<typeof payoutView>
