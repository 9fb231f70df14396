export * from './companies.constants'
export { companiesContext, type ClientCompanies, type GuideState, type Membership } from './company-context'
export {
  AddCertificationInput,
  CreateCompanyInput,
  DESCRIPTION_FIELDS,
  DeleteCompanyInput,
  UpdateCompanyInput,
  countryField,
  listField,
} from './company.inputs'
export {
  ChangeMemberRoleInput,
  CreateInvitationInput,
  InvitationIdInput,
  InvitationListQuery,
  InvitationTokenInput,
  MemberIdInput,
  MemberRoleFormInput,
} from './team.inputs'
export { MAX_INVITATION_SENDS, canLeave, displayStatusOf, memberPermissions, type MemberPermissions } from './team.policy'
export { InvitationInviteDialog } from './components/invitation-invite-dialog'
export { InvitationStatusBadge } from './components/invitation-status-badge'
export { InvitationStatusFilter, InvitationTable, type InvitationView } from './components/invitation-table'
export { MemberDirectory, type DirectoryMember } from './components/member-directory'
export { MemberManagementTable, type ManagedMemberView } from './components/member-management-table'
export { MemberRoleBadge } from './components/member-role-badge'
export { TeamConfirmDialog } from './components/team-confirm-dialog'
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
export {
  BAN_DURATIONS_DAYS,
  BAN_MAX_DAYS,
  BAN_REASON_MAX_LENGTH,
  BanUserInput,
  PLATFORM_ROLES,
  SetPlatformRoleInput,
  USER_STATUSES,
  UserSearchQuery,
  type UserStatus,
} from './user-admin.inputs'
export {
  AddressInput,
  AddressListQuery,
  CreateAddressInput,
  MAX_ADDRESSES_PER_TYPE,
  UpdateAddressInput,
  addressMessageValues,
  type Address,
} from './address.inputs'
export { checkPostalCode, postalCodeExample, postalCodeFormat, type PostalCodeFormat } from './postal-codes'
export { AddressCard, addressHeadingId } from './components/address-card'
export { AddressForm, type AddressFormResult } from './components/address-form'
export { AddressLines, addressLines, addressSummary } from './components/address-lines'
export { AddressSelect } from './components/address-select'
export { SettingsNav } from './components/settings-nav'
export {
  APPLICATION_FILTER_STATUSES,
  ApplicationMessageInput,
  ApplicationQuery,
  DECISIONS,
  DecisionInput,
  MAX_APPLICATION_DOCUMENTS,
  MAX_APPLICATION_MESSAGE,
  MAX_CAPABILITIES,
  MAX_EXPORT_MARKETS,
  MAX_FACTORY_PHOTOS,
  MAX_REVIEW_NOTE,
  SubmitApplicationInput,
  SupplierOnboardProfileInput,
  SupplierTypeInput,
  UpdateSupplierProfileInput,
  countryListField,
  type Decision,
} from './supplier.inputs'
export { canSubmitApplication, mayApplyForVerification } from './verification.policy'
export { VerifiedBadge } from './components/verified-badge'
export { VerificationStatusBadge } from './components/verification-status-badge'
export { SupplierApplicationForm, type ApplicationFormFailure } from './components/supplier-application-form'
export { failingStep, ONBOARD_STEPS, type OnboardStep } from './components/supplier-onboard-steps'
export { SupplierTypeCards } from './components/supplier-type-cards'
export { SupplierMarketsField } from './components/supplier-markets-field'
export { SupplierFileField } from './components/supplier-file-field'
export { SupplierApplicationHistory, type ApplicationHistoryItem } from './components/supplier-application-history'
export { UserAdminEmpty, UserAdminFilters, UserAdminTable, type UserAdminFilterValues, type UserAdminRow } from './components/user-admin-table'
export { UserAdminDetail, type UserAdminDetailView } from './components/user-admin-detail'
export { CompanyFields, type CompanyFieldValues } from './components/company-fields'
