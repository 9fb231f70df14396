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

/**
 * The type of the bytes, judged by their content (never by the name or the browser's claim), when it is
 * one of `allowed` and the name's extension, if any, agrees; file_type_not_allowed (415) otherwise.
 */
export async function detectFileType(bytes: Uint8Array, name: string, allowed: readonly FileTypeId[]): Promise<FileTypeId> {
  const sniffed = await fileTypeFromBuffer(bytes)
  const type = sniffed ? fileTypeByMime(sniffed.mime) : undefined
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
  return `${Array.from(stem || 'file').slice(0, MAX_NAME_LENGTH - suffix.length).join('')}${suffix}`
}
