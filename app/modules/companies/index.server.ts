export * from './companies.tables.server'
export { recordAudit, changedFields, listCompanyAudit, type AuditEntry } from './audit.service.server'
export {
  actorFor,
  closeCompanyCaches,
  companyChanged,
  companyContextOf,
  membershipsChanged,
  membershipsOf,
  resetCompanyCaches,
  switchActiveCompany,
  withCompany,
  type CompanyContext,
} from './company-context.server'
export { companiesMiddleware, needsOnboarding, requireActor } from './companies-middleware.server'
export * from './company.service.server'
