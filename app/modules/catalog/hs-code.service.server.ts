import { and, asc, eq, ilike, inArray, like } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { hsCodes } from './catalog.tables.server'

export const HS_CODE_LOOKUP_LIMIT = 20

export type HsCode = { code: string; description: string }

/** Up to five words of a description query, with LIKE wildcards escaped. */
function descriptionWords(term: string): string[] {
  return term
    .split(/\s+/)
    .slice(0, 5)
    .map((word) => word.replace(/[\\%_]/g, (char) => `\\${char}`))
}

/** HS 2022 subheadings (6 digits) whose code starts with `q` when it is digits, else whose description contains it (public). */
export async function lookupHsCodes(q: string): Promise<HsCode[]> {
  const term = q.trim()
  if (!term) return []
  // People type codes as 8501.10 or 8501 10.
  const digits = term.replace(/[.\s]/g, '')
  const matches = /^\d{1,6}$/.test(digits) ? [like(hsCodes.code, `${digits}%`)] : descriptionWords(term).map((word) => ilike(hsCodes.description, `%${word}%`))
  return database()
    .select({ code: hsCodes.code, description: hsCodes.description })
    .from(hsCodes)
    .where(and(eq(hsCodes.level, 6), ...matches))
    .orderBy(asc(hsCodes.code))
    .limit(HS_CODE_LOOKUP_LIMIT)
}

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
