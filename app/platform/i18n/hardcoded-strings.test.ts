import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** Attributes whose text a person reads or hears. */
const USER_FACING_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'hint',
  'emptyMessage',
])
const HAS_LETTERS = /\p{L}/u

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return tsxFiles(full)
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : []
  })
}

/** Text in JSX and user-facing attributes that does not come from a message catalog. */
export function hardCodedStrings(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const where = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTERS.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`)
    if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer
      const literal = value && ts.isJsxExpression(value) ? value.expression : value
      if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) && HAS_LETTERS.test(literal.text)) {
        found.push(`${where(node)} ${node.name.getText(file)}="${literal.text}"`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('user-facing text', () => {
  it('is never hard-coded in components: it comes from the message catalogs', () => {
    const files = tsxFiles(path.resolve('app'))
    expect(files.length).toBeGreaterThan(10)
    const found = files.flatMap((file) => hardCodedStrings(readFileSync(file, 'utf8'), path.relative(process.cwd(), file)))
    expect(found).toEqual([])
  })

  it('catches JSX text and labelled attributes, and ignores expressions and symbols', () => {
    const source = `export const A = () => <div><p>Hello</p><span aria-label="Close">{t('x')}</span><i>✓ · —</i><input placeholder={t('y')} type="text" /></div>`
    expect(hardCodedStrings(source, 'a.tsx')).toEqual(['a.tsx:1 text "Hello"', 'a.tsx:1 aria-label="Close"'])
  })
})
