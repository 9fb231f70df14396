// What pages and other modules may use on either side: constants, inputs and pure rules.
export * from './finance.constants'
// — bank accounts, KYC and finance settings —
export * from './bank-account.inputs'
export { bankAccountLabel, bankDetailErrors, isAbaRoutingNumber, maskedAccountNumber } from './bank-details'
export * from './kyc.inputs'
export * from './finance-settings.inputs'
// — payments, payouts and the ledger's reads —
export * from './finance-views'
export { CashFlowChart, type CashFlowView } from './components/cash-flow-chart'
export { MoneyAmount } from './components/money-amount'
export { OrderPaymentsPanel, type PayResult } from './components/order-payments-panel'
export { PaymentStatusBadge, PayoutStatusBadge } from './components/payment-status-badge'
export * from './payment.inputs'
export { CashFlowQuery, STATEMENT_CSV_MAX_ROWS, STATEMENT_DEFAULT_LIMIT, StatementQuery } from './finance-queries'
export { instalmentOf, paymentPlan, shareOf, type PlannedInstalment } from './payment-plan'
export * from './bank-statement.inputs'
export * from './finance-papers'
