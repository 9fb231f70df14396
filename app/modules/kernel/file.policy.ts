import type { Actor } from '../../platform/actor'
import type { FilePurpose } from './kernel.constants'
import { PUBLIC_FILE_PURPOSES } from './file.inputs'
import { hasRole } from '../../platform/member-roles'
import { isPlatformAdmin } from '../../platform/platform-admin'

export function isPublicImagery(purpose: FilePurpose): boolean {
  return (PUBLIC_FILE_PURPOSES as readonly FilePurpose[]).includes(purpose)
}

/**
 * Members of the owning company (acting for it) and platform admins read any file; anyone, even
 * anonymous, reads a live company's public imagery. Everything else is invisible (404).
 */
export function canReadFile(viewer: Actor | null, file: { companyId: string; purpose: FilePurpose; companyDeleted: boolean }): boolean {
  if (viewer && (isPlatformAdmin(viewer) || viewer.companyId === file.companyId)) return true
  return isPublicImagery(file.purpose) && !file.companyDeleted
}

/** The uploader may delete their file; admins and owners may delete any file of the company. */
export function canDeleteFile(actor: Actor, file: { uploadedBy: string | null }): boolean {
  return file.uploadedBy === actor.userId || hasRole(actor, 'admin')
}
