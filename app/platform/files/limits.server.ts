import { env } from '../env.server'
import type { FileKind } from './file-types'

const MEBIBYTE = 1_048_576
/** CSV files (product imports of up to 200,000 rows) may be this large, or the document limit when that is higher. */
export const SPREADSHEET_MAX_BYTES = 50 * MEBIBYTE
/** Room for the multipart boundaries and the other fields of an upload form. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** The largest accepted upload of a kind (UPLOAD_MAX_IMAGE_BYTES / UPLOAD_MAX_DOCUMENT_BYTES / SPREADSHEET_MAX_BYTES). */
export function uploadLimitBytes(kind: FileKind): number {
  const config = env()
  if (kind === 'image') return config.UPLOAD_MAX_IMAGE_BYTES
  return kind === 'spreadsheet' ? Math.max(SPREADSHEET_MAX_BYTES, config.UPLOAD_MAX_DOCUMENT_BYTES) : config.UPLOAD_MAX_DOCUMENT_BYTES
}

/** The body limit of multipart requests: the largest upload plus the form around it. */
export function multipartBodyLimitBytes(config = env()): number {
  return Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_DOCUMENT_BYTES) + MULTIPART_OVERHEAD_BYTES
}

/** The body limit of spreadsheet uploads (product imports): the spreadsheet limit plus the form around it. */
export function spreadsheetBodyLimitBytes(config = env()): number {
  return Math.max(SPREADSHEET_MAX_BYTES, config.UPLOAD_MAX_DOCUMENT_BYTES) + MULTIPART_OVERHEAD_BYTES
}

/** A limit as people read it in the file_too_large message: megabytes with at most one decimal. */
export function limitInMegabytes(bytes: number): number {
  return Math.round((bytes / MEBIBYTE) * 10) / 10
}
