// Tables stay private (issue 17); other modules join the published read models (ADR 036).
export { companyMemberships, publicCompanyCards } from './companies.views.server'
export { companyServiceContext } from './api-context.server'
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
export {
  changeMemberRole,
  leaveCompany,
  listManagedMembers,
  listMembers,
  removeMember,
  transferOwnership,
  type ManagedMember,
  type TeamMember,
} from './team.service.server'
export {
  acceptInvitation,
  acceptInvitationById,
  createInvitation,
  declineInvitation,
  declineInvitationById,
  listInvitations,
  pendingInvitationsForMe,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
  type AcceptedInvitation,
  type CompanyInvitation,
  type InvitationPreview,
  type MyInvitation,
} from './invitation.service.server'
export {
  banUser,
  getUserDetail,
  searchUsers,
  setPlatformRole,
  unbanUser,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminUserProfile,
} from './user-admin.service.server'
export { findCompaniesByName, type CompanyMatch } from './company-admin.service.server'
export { companyAddress, createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from './address.service.server'
export {
  addCertificationWithFile,
  addFactoryPhotos,
  getSupplierProfile,
  removeFactoryPhoto,
  removeSupplierBanner,
  replaceSupplierBanner,
  setSupplierType,
  updateSupplierProfile,
  type FormUpload,
  type SupplierProfile,
} from './supplier-profile.service.server'
export {
  applyAsSupplier,
  decideApplication,
  getApplication,
  listApplications,
  myApplications,
  submitApplication,
  submitApplicationWithUploads,
  type ApplicationDetail,
} from './verification.service.server'
export { deliverNotice, noticeInsertFor, recordNotice, type Notice, type NoticeSignal } from './company-notice.service.server'
// Also registers the outbox handler that delivers the notices events carry.
export { toUsers, unmailed } from './notice-delivery.server'
// Provides the kernel with what it must know of companies (names, deletion, references to a file being deleted).
import './kernel-facts.server'
export {
  companyCards,
  companyCertifications,
  companyLogoFileId,
  companyName,
  companyNames,
  companyStanding,
  companyTradeFacts,
  defaultShippingCountry,
  lockCompany,
  type CompanyCard,
  type TradeFacts,
} from './company-lookups.server'
export { completeGuide, dismissGuide, reopenGuide } from './member-guide.service.server'
export {
  companyProgress,
  companySetup,
  platformCompanyFigures,
  verificationQueue,
  type CompanyProgress,
  type CompanySetup,
  type PlatformCompanyFigures,
  type VerificationQueue,
} from './company-figures.service.server'
