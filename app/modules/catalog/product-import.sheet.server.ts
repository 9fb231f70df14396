import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { FILE_TYPES } from '../../platform/files/file-types'
import { ExpiringLru } from '../../platform/lru'
import { companyStanding } from '../companies/index.server'
import { openFile } from '../kernel/index.server'
import { categories, hsCodes } from './catalog.tables.server'
import { normalizeLabel } from './product-import.inputs'
import { parseSpreadsheet, type Sheet, type SpreadsheetType } from './product-import.parse.server'
import type { ImportReferences } from './product-import.rows'
import { canPublishProducts } from './product.policy'

const SHEET_TTL_MS = 10 * 60 * 1000
/** Parsed files are immutable: the steps of one import (mapping, preview, dry run, start) parse it once. */
const sheets = new ExpiringLru<string, Sheet>(2)

function spreadsheetType(contentType: string): SpreadsheetType {
  if (contentType === FILE_TYPES.csv.mime) return 'csv'
  if (contentType === FILE_TYPES.xlsx.mime) return 'xlsx'
  throw new AppError('file_type_not_allowed', 'Import a CSV or XLSX file', { allowedTypes: [FILE_TYPES.csv.mime, FILE_TYPES.xlsx.mime] })
}

/** The header and rows of an uploaded import file of the company (404 for another company's file). */
export async function loadSheet(ctx: ServiceContext, fileId: string): Promise<Sheet> {
  const key = `${ctx.actor.companyId}:${fileId}`
  const cached = sheets.get(key)
  if (cached) return cached
  const download = await openFile(ctx, fileId)
  if (download.file.companyId !== ctx.actor.companyId) throw new AppError('not_found', 'File not found')
  const type = spreadsheetType(download.contentType)
  const sheet = await parseSpreadsheet(await download.read(), type)
  sheets.set(key, sheet, SHEET_TTL_MS)
  return sheet
}

/** Category ids keyed by their id and names (normalised), level-6 HS codes, and whether the company may publish. */
export async function loadImportReferences(companyId: string): Promise<ImportReferences> {
  const db = database()
  const [categoryRows, codeRows, profile] = await Promise.all([
    db.select({ id: categories.id, nameEn: categories.nameEn, nameZhHans: categories.nameZhHans, nameZhHant: categories.nameZhHant }).from(categories),
    db.select({ code: hsCodes.code }).from(hsCodes).where(eq(hsCodes.level, 6)),
    companyStanding(companyId, db),
  ])
  const lookup = new Map<string, string>()
  // Names first, ids last: an id always means its own category even where it equals another's name.
  for (const row of categoryRows) for (const name of [row.nameEn, row.nameZhHans, row.nameZhHant]) lookup.set(normalizeLabel(name), row.id)
  for (const row of categoryRows) lookup.set(normalizeLabel(row.id), row.id)
  return { categories: lookup, hsCodes: new Set(codeRows.map((row) => row.code)), mayPublish: profile ? canPublishProducts(profile) : false }
}
