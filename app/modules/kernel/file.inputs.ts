import { acceptAttribute, type FileTypeId } from '../../platform/files/file-types'
import { z } from '../../platform/zod'
import { FILE_PURPOSES, type FilePurpose } from './kernel.constants'

/** What each purpose accepts, judged by the file's content: imagery is images only, documents may be PDFs or scans. */
export const FILE_PURPOSE_TYPES = {
  logo: ['png', 'jpeg', 'webp'],
  banner: ['png', 'jpeg', 'webp'],
  factory_photo: ['png', 'jpeg', 'webp'],
  certification: ['pdf', 'png', 'jpeg', 'webp'],
  verification: ['pdf', 'png', 'jpeg', 'webp'],
  attachment: ['pdf', 'png', 'jpeg', 'webp', 'xlsx', 'docx'],
  product_image: ['png', 'jpeg', 'webp'],
  product_import: ['csv', 'xlsx'],
} as const satisfies Record<FilePurpose, readonly FileTypeId[]>

/** The `accept` attribute of a file input (or FileDropZone) per purpose. */
export const FILE_ACCEPT = Object.fromEntries(FILE_PURPOSES.map((purpose) => [purpose, acceptAttribute(FILE_PURPOSE_TYPES[purpose])])) as Record<
  FilePurpose,
  string
>

/** Logos, banners, factory photos and product images are the company's public imagery: anyone may fetch them while the company exists. */
export const PUBLIC_FILE_PURPOSES = ['logo', 'banner', 'factory_photo', 'product_image'] as const satisfies readonly FilePurpose[]

export const FILE_LIST_MAX_LIMIT = 100

/** The text fields of an upload (the file itself travels beside them); messages are keys of the `ui` catalog. */
export const UploadFileInput = z.object({
  purpose: z.enum(FILE_PURPOSES, 'validation.filePurpose'),
})
export type UploadFileInput = z.infer<typeof UploadFileInput>

export const FileListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FILE_LIST_MAX_LIMIT).default(FILE_LIST_MAX_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  purpose: z.enum(FILE_PURPOSES).optional(),
})
export type FileListQuery = z.infer<typeof FileListQuery>
