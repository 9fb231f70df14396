import { randomUUID } from 'node:crypto'
import type { FilePurpose } from '../../../app/modules/kernel/index'
import type { files } from '../../../app/modules/kernel/kernel.tables.server'
import { FILE_TYPES } from '../../../app/platform/files/file-types'
import { fileStorage } from '../../../app/platform/files/storage.server'
import { THUMBNAIL_CONTENT_TYPE } from '../../../app/platform/files/thumbnail.server'
import type { RenderedPicture } from './images'

export type FileRow = typeof files.$inferInsert & { id: string }

/**
 * Writes a rendered picture to the file storage under the keys an upload gets (originals/<id>, thumbnails/<id>.webp)
 * and answers its file row, for the caller to insert with others: the Files API then serves it like any upload of
 * the company for `purpose`.
 */
export async function storePicture(picture: RenderedPicture, owner: { companyId: string; purpose: FilePurpose; name: string }): Promise<FileRow> {
  const id = randomUUID()
  const storageKey = `originals/${id}`
  const thumbnailKey = `thumbnails/${id}.webp`
  await Promise.all([
    fileStorage().put(storageKey, picture.bytes, FILE_TYPES.webp.mime),
    fileStorage().put(thumbnailKey, picture.thumbnail, THUMBNAIL_CONTENT_TYPE),
  ])
  return {
    id,
    organizationId: owner.companyId,
    name: owner.name,
    contentType: FILE_TYPES.webp.mime,
    sizeBytes: picture.bytes.byteLength,
    purpose: owner.purpose,
    storageKey,
    thumbnailKey,
    sha256: picture.sha256,
  }
}
