// What pages and other modules may use of billing on both sides.
export * from './billing.constants'
export * from './plan.inputs'
export * from './plan-invoice.inputs'
export * from './plan-limits'
export * from './pricing.inputs'
export * from './limit-format'
export { PlanChoices, type PlanChoice } from './components/plan-choices'
export { PlanHistory, type PlanHistoryEntry } from './components/plan-history'
export { UsageMeters } from './components/usage-meters'
export * from './plan-form'
export { PlanAdminList, type PlanActionFailure, type PlanAdminRow } from './components/plan-admin-list'
export { PlanAdminForm } from './components/plan-admin-form'
export { type AssignablePlan, CompanyPlanAssign, type CompanyPlanRow } from './components/company-plan-assign'
export { PlanLimitNotice, type LimitStatus } from './components/plan-limit-notice'
export {
  PlanInvoiceAdminActions,
  type PlanInvoiceActionFailure,
  type PlanInvoiceBank,
  PlanInvoicePayment,
  type PlanInvoiceRow,
  PlanInvoiceStatusBadge,
  PlanInvoiceTable,
} from './components/plan-invoices'
