import { eq, inArray } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { hsCodes } from './catalog.tables.server'

/** The codes among `codes` that the nomenclature holds (any level), for other modules' records that name one. */
export async function knownHsCodes(codes: Iterable<string>, db: Database | Transaction = database()): Promise<Set<string>> {
  const wanted = [...new Set(codes)]
  if (wanted.length === 0) return new Set()
  const rows = await db.select({ code: hsCodes.code }).from(hsCodes).where(inArray(hsCodes.code, wanted))
  return new Set(rows.map((row) => row.code))
}

/** A code's description (English, as the nomenclature has it), or null when it holds no such code. */
export async function hsCodeDescription(code: string): Promise<string | null> {
  const [row] = await database().select({ description: hsCodes.description }).from(hsCodes).where(eq(hsCodes.code, code))
  return row?.description ?? null
}

/** The whole HS 2022 nomenclature (chapters, headings, subheadings), for the compliance module's lookup index. */
export async function hsNomenclatureRows(): Promise<Array<{ code: string; parentCode: string | null; level: number; section: string; description: string }>> {
  return database()
    .select({ code: hsCodes.code, parentCode: hsCodes.parentCode, level: hsCodes.level, section: hsCodes.section, description: hsCodes.description })
    .from(hsCodes)
}
