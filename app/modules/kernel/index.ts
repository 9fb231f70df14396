export { FILE_PURPOSES, NUMBER_SERIES, type FilePurpose, type NumberSeries } from './kernel.constants'
export { AUDIT_ACTIONS, AuditQuery, type AuditAction } from './audit.inputs'
export { fileContentUrl, fileThumbnailUrl, withFileUrls } from './file-urls'
export { FILE_ACCEPT, FILE_LIST_MAX_LIMIT, FILE_PURPOSE_TYPES, FileListQuery, PUBLIC_FILE_PURPOSES, UploadFileInput } from './file.inputs'
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
