import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flatten, type Tree } from '../../../tests/support/catalog-tree'
import { CATALOGS, NAMESPACES } from './catalog.server'
import { createTranslator } from './i18n'
import { LOCALES } from './locales'

/** Plural forms (`key_one`, `key_other`…) differ by language (Chinese has only `other`): compared as their base key. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const baseKeys = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort()
const otherForm = (messages: Map<string, string>, key: string) => messages.get(key) ?? messages.get(`${key.replace(PLURAL_SUFFIX, '')}_other`)

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('message catalogs', () => {
  for (const namespace of NAMESPACES) {
    const english = flatten(CATALOGS.en[namespace] as Tree)
    for (const locale of LOCALES) {
      it(`${namespace}: ${locale} has every key of en, no extra keys, and the same placeholders`, () => {
        const translated = flatten(CATALOGS[locale][namespace] as Tree)
        expect(baseKeys(translated.keys())).toEqual(baseKeys(english.keys()))
        for (const [key, text] of english) {
          expect(placeholders(otherForm(translated, key) ?? ''), `${locale} ${namespace}:${key}`).toEqual(placeholders(text))
          expect(otherForm(translated, key)?.trim(), `${locale} ${namespace}:${key} is empty`).toBeTruthy()
        }
        for (const key of translated.keys())
          if (PLURAL_SUFFIX.test(key))
            expect(translated.has(`${key.replace(PLURAL_SUFFIX, '')}_other`), `${locale} ${namespace}:${key} needs an _other form`).toBe(true)
      })
    }
    it(`${namespace}: no key holds a dot (lookup splits keys at dots, so such a text could never be found)`, () => {
      expect([...english.keys()].filter((key) => !createTranslator(CATALOGS.en, namespace)(key, { defaultValue: '' }))).toEqual([])
    })
  }
})

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

describe('message keys used in code', () => {
  it('exist in the catalogs of the namespaces the file uses', () => {
    const missing: string[] = []
    let checked = 0
    for (const file of sourceFiles(path.resolve('app'))) {
      const source = readFileSync(file, 'utf8')
      const namespaces = new Set<string>(['common'])
      for (const match of source.matchAll(/(?:useTranslation|translator\([^,)]+,)\s*\(?\s*'([\w-]+)'/g)) namespaces.add(match[1] ?? '')
      for (const match of source.matchAll(/\bt\(\s*'([\w.-]+)'/g)) {
        const key = match[1] ?? ''
        checked += 1
        // A plural text (key_one, key_other) is found through its count, as its readers look it up.
        const lookup = (ns: string, count?: number) =>
          createTranslator(CATALOGS.en, ns, 'en')(key, { defaultValue: '', ...(count === undefined ? {} : { count }) })
        const known = [...namespaces].some((ns) => ns in CATALOGS.en && (lookup(ns) !== '' || lookup(ns, 2) !== ''))
        if (!known) missing.push(`${path.relative(process.cwd(), file)}: ${key}`)
      }
    }
    expect(missing).toEqual([])
    expect(checked).toBeGreaterThan(100)
  })
})
