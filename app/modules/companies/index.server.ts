// Tables stay private (issue 17); other modules join the published read models (ADR 036).
export { companyMemberships, publicCompanyCards } from './companies.views.server'
export { companyServiceContext } from './api-context.server'
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
export {
  deleteFile,
  fileContentUrl,
  filesOfCompany,
  fileThumbnailUrl,
  getFile,
  listFiles,
  openFile,
  openRecordAttachment,
  uploadFile,
  uploadLimitFor,
  type FileDownload,
  type FileVariant,
  type RecordAttachmentDownload,
  type StoredFile,
} from './file.service.server'
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
export {
  deliverNotice,
  deliverUserNotice,
  flushNotificationDigests,
  listNotifications,
  markNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
  recordNotice,
  recordUserNotice,
  type Notice,
  type NoticeSignal,
  type NotificationItem,
  type NotificationPage,
  type UserNotice,
  type UserNoticeSignal,
} from './notification.service.server'
// Also registers the outbox handler that delivers the notices events carry.
export { toUsers, unmailed } from './notice-delivery.server'
export { getNotificationSettings, settingsOf, updateNotificationSettings, type NotificationSettings } from './notification-settings.service.server'
export {
  groupOfKind,
  isNotificationGroup,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  UpdateNotificationSettingsInput,
  type NotificationGroup,
  type NotificationKind,
  type NotificationKindIn,
} from './notification.inputs'
export { formatNumber, nextNumber } from './numbering.server'
export { companyCards, companyCertifications, companyName, companyNames, companyStanding, lockCompany, type CompanyCard } from './company-lookups.server'
export { attachedFiles, checkAttachments, companyFilesFor, foreignAttachments, type AttachedFile } from './attachments.server'
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
