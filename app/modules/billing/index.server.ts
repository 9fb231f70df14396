// What other modules, the API and the pages may use of billing on the server.
export {
  assignPlan,
  changePlan,
  companyPlan,
  createPlan,
  enforcePlanLimit,
  getPlan,
  limitStatus,
  listPlans,
  makeDefaultPlan,
  planHistory,
  planUsage,
  putCompanyOnPlan,
  registerUsageCounter,
  renewDuePeriods,
  retirePlan,
  updatePlan,
  type CompanyPlan,
  type Plan,
  type UsageCounter,
} from './plan.service.server'
export { type CataloguePlan, type CataloguePrice, planCatalogue, type PriceAmount } from './plan-catalogue.server'
export { companiesPerPlan, companySubscriptions, type CompanySubscription } from './plan-admin.service.server'
export {
  allPlanInvoices,
  companyPlanInvoices,
  getPlanInvoice,
  PLAN_INVOICES_PAGE_SIZE,
  planInvoiceCounts,
  planInvoiceRow,
  settlePlanInvoice,
  voidPlanInvoice,
  type PlanInvoice,
  type PlanInvoicePage,
  type PlanInvoiceView,
  type SettledInvoice,
} from './plan-invoice.service.server'
