// Tables stay private; pages, the API and workflows use these services.
export { requireFinanceReader, requireMoneyMover } from './finance-access.server'
// — bank accounts, KYC and finance settings —
export {
  addBankAccount,
  archiveBankAccount,
  decideBankAccount,
  editBankAccount,
  listBankAccounts,
  pendingBankAccounts,
  setDefaultBankAccount,
  verifiedBankAccount,
  type BankAccountReview,
  type BankAccountView,
} from './bank-account.service.server'
export {
  decideKyc,
  getKycProfile,
  kycStatus,
  pendingKycProfiles,
  requireKycAccepted,
  saveKycDraft,
  submitKyc,
  type KycProfileView,
  type KycReview,
  type KycUploads,
} from './kyc.service.server'
export { getFinanceSettings, updateFinanceSettings, type FinanceSettingsView } from './finance-settings.service.server'
// — payments, payouts and the ledger's reads —
export {
  balances,
  cashFlow,
  decimalOf,
  defaultDirection,
  getPayment,
  getPayout,
  summarizePayout,
  hasMoneyMovement,
  listPayments,
  listPayouts,
  orderPayments,
  payoutOptions,
  pendingRefunds,
  statement,
  statementCsv,
  type CashFlowMonth,
  type CurrencyBalance,
  type MoneyTotals,
  type OrderInstalment,
  type OrderPayments,
  type PaymentDetail,
  type PaymentSide,
  type PaymentSummary,
  type PayoutOptions,
  type PayoutSummary,
  type PendingRefund,
  type Statement,
  type StatementRow,
} from './finance-reads.service.server'
export { companyBalances } from './ledger.server'
export { recordPlanIncome, type PlanIncome } from './plan-income.service.server'
export { holdPayment, moneyStep, retryCollect, startPayment, type PaymentRow, type Received } from './payment.service.server'
export { followOrder, markRefundSent, releaseDuePayments, ruleOnDispute } from './escrow.service.server'
export { closePayout, decidePayout, payoutFee, payoutMinimum, requestPayout, requestScheduledPayouts } from './payout.service.server'
export { availableProviders, platformBankDetails, type BankDetails, type PaymentProvider } from './payment-providers.server'
export {
  getStatementLine,
  ignoreLine,
  listStatementLines,
  matchLineManually,
  uploadStatement,
  type StatementLine,
  type StatementUpload,
} from './bank-statement.service.server'
export { receiveStripeWebhook, type StripeWebhookOutcome } from './stripe-webhook.server'
// Stripe registers itself as a payment provider when loaded: wherever finance is, card payments are.
export { stripeProvider } from './stripe-provider.server'
// — finance papers (receipts, fee invoices, statements) and the dashboard's money figures —
export {
  feeInvoiceFacts,
  financePaperIndex,
  monthlyStatementFacts,
  PAPER_LIST_RECEIPTS,
  paperCompany,
  paymentReceiptFacts,
  type FeeInvoiceFacts,
  type FinancePaperIndex,
  type MonthlyStatementFacts,
  type PaperCompany,
  type PeriodEntry,
  type ReceiptEntry,
  type ReceiptFacts,
} from './finance-papers.service.server'
export {
  buyerFinanceFigures,
  platformFinanceFigures,
  supplierFinanceFigures,
  type BuyerFinanceFigures,
  type CurrencyAmount,
  type FinanceFigurePeriod,
  type MoneyInBucket,
  type PlatformFinanceFigures,
  type SupplierFinanceFigures,
} from './finance-figures.service.server'
