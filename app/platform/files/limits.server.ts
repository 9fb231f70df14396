import { env } from '../env.server'
import type { FileKind } from './file-types'

const MEBIBYTE = 1_048_576
/** Room for the multipart boundaries and the other fields of an upload form. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** The largest accepted upload of a kind (UPLOAD_MAX_IMAGE_BYTES / UPLOAD_MAX_DOCUMENT_BYTES). */
export function uploadLimitBytes(kind: FileKind): number {
  const config = env()
  return kind === 'image' ? config.UPLOAD_MAX_IMAGE_BYTES : config.UPLOAD_MAX_DOCUMENT_BYTES
}

/** The body limit of multipart requests: the largest upload plus the form around it. */
export function multipartBodyLimitBytes(config = env()): number {
  return Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_DOCUMENT_BYTES) + MULTIPART_OVERHEAD_BYTES
}

/** A limit as people read it in the file_too_large message: megabytes with at most one decimal. */
export function limitInMegabytes(bytes: number): number {
  return Math.round((bytes / MEBIBYTE) * 10) / 10
}
