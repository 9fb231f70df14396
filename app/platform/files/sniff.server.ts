import { fileTypeFromBuffer } from 'file-type'
import { AppError } from '../errors'
import { FILE_TYPES, fileTypeByMime, type FileTypeId } from './file-types'

const MAX_NAME_LENGTH = 200

function notAllowed(allowed: readonly FileTypeId[]): AppError {
  return new AppError('file_type_not_allowed', 'This type of file is not allowed here', { allowedTypes: allowed.map((id) => FILE_TYPES[id].mime) })
}

/** The extension after the last dot of a name, lower-cased; none for names like "report" or ".png". */
function extensionOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined
}

/** How much of a file decides whether it is text. */
const TEXT_SNIFF_BYTES = 64 * 1024

/** UTF-8 text without NUL bytes (a binary format with no known signature is not text). */
function isUtf8Text(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES)
  if (head.includes(0)) return false
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.byteLength < bytes.byteLength })
    return true
  } catch {
    return false
  }
}

/** Text has no signature: bytes without a known binary type count as CSV when CSV is allowed and they are UTF-8 text. */
function textType(bytes: Uint8Array, allowed: readonly FileTypeId[]): FileTypeId | undefined {
  return allowed.includes('csv') && isUtf8Text(bytes) ? 'csv' : undefined
}

/**
 * The type of the bytes, judged by their content (never by the name or the browser's claim), when it is
 * one of `allowed` and the name's extension, if any, agrees; file_type_not_allowed (415) otherwise.
 */
export async function detectFileType(bytes: Uint8Array, name: string, allowed: readonly FileTypeId[]): Promise<FileTypeId> {
  const sniffed = await fileTypeFromBuffer(bytes)
  const type = sniffed ? fileTypeByMime(sniffed.mime) : textType(bytes, allowed)
  if (!type || !allowed.includes(type)) throw notAllowed(allowed)
  const extension = extensionOf(name)
  if (extension !== undefined && !(FILE_TYPES[type].extensions as readonly string[]).includes(extension)) throw notAllowed(allowed)
  return type
}

/**
 * A display name safe to show and to send back in Content-Disposition: no folders, control or bidi
 * characters (which can disguise "gpj.exe" as "exe.jpg"), at most 200 characters, ending in the type's extension.
 */
export function sanitizeFileName(name: string, type: FileTypeId): string {
  const canonical = FILE_TYPES[type].extensions[0]
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim()
  const extension = extensionOf(base)
  const stem = extension === undefined ? base : base.slice(0, -(extension.length + 1)).trimEnd()
  const suffix = `.${extension ?? canonical}`
  return `${Array.from(stem || 'file')
    .slice(0, MAX_NAME_LENGTH - suffix.length)
    .join('')}${suffix}`
}
