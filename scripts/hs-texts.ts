// `npm run hs:texts` (issue 22): the HS nomenclature's section names and Chinese texts, from the CSVs under
// db/seed/data/hs (sections.csv in English; zh/*.csv with code,zh_hans,zh_hant for the sections I–XXI, chapters and
// headings) into app/modules/compliance/data/hs-texts.json, which the server's HS index bundles. Checks that every
// section, chapter and heading of harmonized-system.csv has both Chinese texts and that no unknown code slipped in.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import Papa from 'papaparse'

const ROOT = path.resolve(import.meta.dirname, '..')
const DATA = path.join(ROOT, 'db/seed/data/hs')
const OUT = path.join(ROOT, 'app/modules/compliance/data/hs-texts.json')

const rowsOf = (file: string) =>
  Papa.parse<Record<string, string>>(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data

const nomenclature = rowsOf(path.join(DATA, 'harmonized-system.csv')).filter((row) => row.section !== 'TOTAL' && ['2', '4'].includes(row.level!))
const sections = rowsOf(path.join(DATA, 'sections.csv'))
const chinese = new Map<string, [string, string]>()
for (const file of readdirSync(path.join(DATA, 'zh'))
  .filter((name) => name.endsWith('.csv'))
  .sort())
  for (const row of rowsOf(path.join(DATA, 'zh', file))) {
    const [hans, hant] = [row.zh_hans?.trim() ?? '', row.zh_hant?.trim() ?? '']
    if (!row.code || !hans || !hant) throw new Error(`${file}: an incomplete row ${JSON.stringify(row)}`)
    if (chinese.has(row.code)) throw new Error(`${file}: ${row.code} twice`)
    chinese.set(row.code, [hans, hant])
  }

const expected = new Set([...sections.map((row) => row.section!), ...nomenclature.map((row) => row.hscode!)])
const missing = [...expected].filter((code) => !chinese.has(code))
const unknown = [...chinese.keys()].filter((code) => !expected.has(code))
if (unknown.length > 0) throw new Error(`codes not in the nomenclature: ${unknown.join(', ')}`)
if (missing.length > 0 && !process.argv.includes('--partial')) throw new Error(`${missing.length} codes without Chinese: ${missing.slice(0, 20).join(', ')}…`)

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const texts = {
  sections: sections.map((row) => ({
    section: row.section!,
    en: capitalised(row.name!),
    zhHans: chinese.get(row.section!)?.[0] ?? '',
    zhHant: chinese.get(row.section!)?.[1] ?? '',
  })),
  codes: Object.fromEntries([...chinese].filter(([code]) => /^\d+$/.test(code)).sort(([a], [b]) => a.localeCompare(b))),
}
writeFileSync(OUT, `${JSON.stringify(texts, null, 1)}\n`)
console.log(
  `${OUT}: ${texts.sections.length} sections, ${Object.keys(texts.codes).length} chapters and headings in Chinese${missing.length ? ` (${missing.length} missing)` : ''}`,
)
