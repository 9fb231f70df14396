/** Images get a smaller size limit and a thumbnail; documents are stored as they are; plain-text spreadsheets (CSV imports) may be larger. */
export type FileKind = 'image' | 'document' | 'spreadsheet'

type FileTypeSpec = { mime: string; extensions: readonly string[]; kind: FileKind; inline: boolean }

/** Every type the platform accepts, keyed by a short id; the first extension is the canonical one. */
export const FILE_TYPES = {
  png: { mime: 'image/png', extensions: ['png'], kind: 'image', inline: true },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image', inline: true },
  webp: { mime: 'image/webp', extensions: ['webp'], kind: 'image', inline: true },
  pdf: { mime: 'application/pdf', extensions: ['pdf'], kind: 'document', inline: true },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'], kind: 'document', inline: false },
  csv: { mime: 'text/csv', extensions: ['csv'], kind: 'spreadsheet', inline: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'], kind: 'document', inline: false },
} as const satisfies Record<string, FileTypeSpec>

export type FileTypeId = keyof typeof FILE_TYPES

export function fileTypeByMime(mime: string): FileTypeId | undefined {
  return (Object.keys(FILE_TYPES) as FileTypeId[]).find((id) => FILE_TYPES[id].mime === mime)
}

/** The value of an `<input type="file" accept>` attribute for these types: extensions, then media types. */
export function acceptAttribute(types: readonly FileTypeId[]): string {
  const extensions = types.flatMap((id) => FILE_TYPES[id].extensions.map((extension) => `.${extension}`))
  return [...extensions, ...types.map((id) => FILE_TYPES[id].mime)].join(',')
}
