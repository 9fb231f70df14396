// The platform kernel (ADR 037): the records every module keeps — files, audit events, notifications and their
// settings and mail queue, numbering. Its tables stay private; companies provide the facts it needs of them.
export { companyFacts, provideCompanyFacts, type CompanyFacts } from './company-facts.server'
export { auditOfTarget, changedFields, listCompanyAudit, recordAudit, type AuditEntry } from './audit.service.server'
export {
  deleteFile,
  discardBytes,
  fileContentUrl,
  filesOfCompany,
  fileThumbnailUrl,
  getFile,
  listFiles,
  openFile,
  openRecordAttachment,
  storedKeysOf,
  storeUploads,
  uploadFile,
  uploadLimitFor,
  type FileDownload,
  type FileVariant,
  type RecordAttachmentDownload,
  type StoredFile,
} from './file.service.server'
export { attachedFiles, checkAttachments, companyFilesFor, foreignAttachments, type AttachedFile } from './attachments.server'
export {
  deliverUserNotice,
  flushNotificationDigests,
  listNotifications,
  mailNotice,
  markNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
  noticeInsert,
  recordNoticeForRecipients,
  recordUserNotice,
  type MailedNotice,
  type NotificationItem,
  type NotificationPage,
  type UserNotice,
  type UserNoticeSignal,
} from './notification.service.server'
export {
  getNotificationSettings,
  settingsOf,
  updateNotificationSettings,
  usersMailedFor,
  type NotificationSettings,
} from './notification-settings.service.server'
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
export { nextNumber } from './numbering.server'
