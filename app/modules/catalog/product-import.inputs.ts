import { z } from '../../platform/zod'
import { PRODUCT_STATUSES } from './catalog.constants'

/** The columns of an import file and of an export, in this order (an export re-imports as it is). */
export const IMPORT_COLUMNS = [
  'sku',
  'name_en',
  'name_zh_hans',
  'name_zh_hant',
  'description_en',
  'description_zh_hans',
  'description_zh_hant',
  'category',
  'hs_code',
  'origin_country',
  'unit',
  'moq',
  'lead_time_days',
  'attributes',
  'status',
] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/** Columns every mapping must name; the others may be left out. */
export const REQUIRED_IMPORT_COLUMNS = ['sku', 'name_en', 'category', 'origin_country', 'unit', 'moq'] as const satisfies readonly ImportColumn[]

export const MAX_IMPORT_ROWS = 200_000
export const IMPORT_PREVIEW_ROWS = 20
/** Errors kept on a job (and in its report); error_count still counts them all. */
export const MAX_REPORTED_IMPORT_ERRORS = 10_000
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Header spellings people use besides the column name itself, English and Chinese (compared without case, spaces or punctuation). */
const HEADER_ALIASES: Record<ImportColumn, string[]> = {
  sku: ['sku', 'item number', 'item no', 'article number', 'product code', '货号', '貨號', '产品编号', '產品編號', 'sku编码'],
  name_en: ['name', 'name en', 'product name', 'english name', 'title', '英文名称', '英文名稱', '名称英文', '名稱英文'],
  name_zh_hans: ['name zh hans', 'name zh', 'chinese name', 'simplified chinese name', '简体中文名称', '中文名称', '名称简体'],
  name_zh_hant: ['name zh hant', 'traditional chinese name', '繁体中文名称', '繁體中文名稱', '名稱繁體'],
  description_en: ['description', 'description en', 'english description', '英文描述', '描述英文'],
  description_zh_hans: ['description zh hans', 'description zh', 'chinese description', '简体中文描述', '中文描述', '描述简体'],
  description_zh_hant: ['description zh hant', 'traditional chinese description', '繁体中文描述', '繁體中文描述', '描述繁體'],
  category: ['category', 'category id', 'product category', '类目', '類目', '分类', '分類', '产品类别', '產品類別'],
  hs_code: ['hs code', 'hs', 'hscode', 'tariff code', '海关编码', '海關編碼', 'hs编码', 'hs編碼'],
  origin_country: ['origin country', 'country of origin', 'origin', 'country', '原产国', '原產國', '产地', '產地'],
  unit: ['unit', 'uom', 'unit of measure', '单位', '單位'],
  moq: ['moq', 'minimum order quantity', 'min order', 'minimum order', '最小起订量', '最小起訂量', '起订量', '起訂量'],
  lead_time_days: ['lead time days', 'lead time', 'lead time in days', '交货期', '交貨期', '交期天数', '交期天數', '交期'],
  attributes: ['attributes', 'specifications', 'specs', '属性', '屬性', '规格', '規格'],
  status: ['status', 'state', '状态', '狀態'],
}

/** A header or category name as compared: NFKC, lower case, without spaces, underscores, hyphens, dots, brackets or colons. */
export const normalizeLabel = (header: string) =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.:()（）：]+/g, '')

const ALIAS_LOOKUP = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) => [column, ...HEADER_ALIASES[column]].map((alias) => [normalizeLabel(alias), column] as const)),
)

/** Which header of the file each column most likely is: by name or alias, each header used once; unknown columns are left out. */
export function guessMapping(headers: readonly string[]): Partial<Record<ImportColumn, string>> {
  const mapping: Partial<Record<ImportColumn, string>> = {}
  for (const header of headers) {
    const column = ALIAS_LOOKUP.get(normalizeLabel(header))
    if (column && !mapping[column]) mapping[column] = header
  }
  return mapping
}

/** The header of the file each column comes from; a blank or missing entry leaves the column out. Messages are productImport keys. */
export const ImportMappingInput = z
  .partialRecord(
    z.enum(IMPORT_COLUMNS),
    z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string().max(200).optional()),
  )
  .superRefine((mapping, ctx) => {
    for (const column of REQUIRED_IMPORT_COLUMNS) if (!mapping[column]) ctx.addIssue({ code: 'custom', path: [column], message: 'mapping.required' })
    const seen = new Map<string, ImportColumn>()
    for (const column of IMPORT_COLUMNS) {
      const header = mapping[column]
      if (!header) continue
      if (seen.has(header)) ctx.addIssue({ code: 'custom', path: [column], message: 'mapping.duplicate' })
      else seen.set(header, column)
    }
  })
export type ImportMappingInput = Partial<Record<ImportColumn, string>>

/** An import of a file uploaded with purpose product_import. */
export const CreateImportInput = z.object({ fileId: z.string({ error: 'file.required' }).trim().min(1, 'file.required').max(64, 'file.required') })
export type CreateImportInput = z.infer<typeof CreateImportInput>

/** Which products an export holds: all of the company's, or those of one status. */
export const ProductExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PRODUCT_STATUSES).optional()),
})
export type ProductExportQuery = z.input<typeof ProductExportQuery>

/** One problem of an import file: 1-based data row (0 for the whole file), the column, a productImport message key and the cell's value. */
export type ImportRowError = { row: number; field: string; message: string; value?: string }
