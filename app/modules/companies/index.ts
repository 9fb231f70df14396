export * from './companies.constants'
export { companiesContext, type ClientCompanies, type Membership } from './company-context'
export { AUDIT_ACTIONS, AuditQuery, type AuditAction } from './audit.inputs'
export { AddCertificationInput, CreateCompanyInput, DeleteCompanyInput, UpdateCompanyInput, countryField, listField } from './company.inputs'
export {
  canChangeRole,
  canDeleteCompany,
  canEditCompany,
  canManageMembers,
  canRemoveMember,
  hasRole,
  invitableRolesFor,
  isPlatformAdmin,
  requireCompany,
  requirePlatformAdmin,
  requireRole,
} from './policies'
