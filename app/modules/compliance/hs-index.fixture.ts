// The HS index from the nomenclature CSV and the bundled texts, for tests that need no database.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import Papa from 'papaparse'
import texts from './data/hs-texts.json'
import { HsIndex, type HsRow } from './hs-index'
import { PRODUCT_TERMS } from './hs-product-terms'

let cached: HsIndex | null = null

function nomenclature(): Array<Record<string, string>> {
  const file = path.resolve(import.meta.dirname, '../../../db/seed/data/hs/harmonized-system.csv')
  return Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true }).data.filter(
    (row) => row.section !== 'TOTAL' && ['2', '4', '6'].includes(row.level!),
  )
}

/** Every code of the nomenclature (chapters, headings, subheadings). */
export const hsNomenclatureCodes = (): string[] => nomenclature().map((row) => row.hscode!)

export function hsIndexFromCsv(): HsIndex {
  if (cached) return cached
  const rows = nomenclature().map((row): HsRow => ({
    code: row.hscode!,
    parentCode: row.parent === 'TOTAL' ? null : row.parent!,
    level: Number(row.level),
    section: row.section!,
    description: row.description!,
  }))
  cached = new HsIndex(rows, texts.sections, texts.codes as unknown as Record<string, [string, string]>, PRODUCT_TERMS)
  return cached
}
