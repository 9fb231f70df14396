import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flatten, type Tree } from '../../../tests/support/catalog-tree'
import commonEn from './messages/en.json'
import uiEn from '../../components/ui/messages/en.json'
import { createTranslator, type Messages } from './i18n'
import { interfaceCatalogueOf } from './interface-catalogue'
import {
  INTERFACE_LOCALE_ENTRIES,
  INTERFACE_LOCALES,
  interfaceLocaleFromCookie,
  interfaceLocaleOf,
  nearestProductLocale,
  TRANSLATED_INTERFACE_LOCALES,
} from './interface-locales'
import { overlay } from './interface-overlay'
import { loadSharedCatalogs, sharedCatalogs } from './shared-catalogs'

const PLURAL = /_(zero|one|two|few|many|other)$/
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
const english = flatten(interfaceCatalogueOf({ ui: uiEn, common: commonEn }) as Tree)
const pluralBases = [...new Set([...english.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')))]
const fileOf = (code: string) => path.resolve('app/platform/i18n/interface', `${code}.json`)

describe('interface locales', () => {
  it('are the spec’s 51 codes, each with a valid BCP 47 tag, its own name and a direction', () => {
    expect(INTERFACE_LOCALES).toHaveLength(51)
    for (const code of INTERFACE_LOCALES) {
      const entry = INTERFACE_LOCALE_ENTRIES[code]
      expect(Intl.getCanonicalLocales(entry.tag), code).toEqual([entry.tag])
      expect(entry.nativeName.trim(), code).not.toBe('')
    }
    expect(INTERFACE_LOCALES.filter((code) => INTERFACE_LOCALE_ENTRIES[code].dir === 'rtl').sort()).toEqual(['ar', 'ckb', 'fa_ir', 'he', 'ug_cn', 'ur'])
    expect([
      INTERFACE_LOCALE_ENTRIES.nb_no.tag,
      INTERFACE_LOCALE_ENTRIES.pt_br.tag,
      INTERFACE_LOCALE_ENTRIES.fa_ir.tag,
      INTERFACE_LOCALE_ENTRIES.tj.tag,
    ]).toEqual(['nb-NO', 'pt-BR', 'fa-IR', 'tg'])
  })

  it('map to and from the product locales', () => {
    expect([interfaceLocaleOf('en'), interfaceLocaleOf('zh-Hans'), interfaceLocaleOf('zh-Hant')]).toEqual(['en', 'zh_cn', 'zh_tw'])
    expect([nearestProductLocale('zh_cn'), nearestProductLocale('zh_tw'), nearestProductLocale('ar'), nearestProductLocale('ja')]).toEqual([
      'zh-Hans',
      'zh-Hant',
      'en',
      'en',
    ])
  })

  it('read a cookie with junk as none', () => {
    expect(interfaceLocaleFromCookie('de')).toBe('de')
    for (const junk of ['', 'xx', 'de;drop', '<script>', 'zh-Hans', null, undefined]) expect(interfaceLocaleFromCookie(junk)).toBeNull()
  })
})

describe('interface catalogues', () => {
  it('has plural texts to check', () => expect(pluralBases.length).toBeGreaterThan(0))

  for (const code of TRANSLATED_INTERFACE_LOCALES) {
    it(`${code}: every key, the same placeholders, and the locale’s plural categories`, () => {
      expect(existsSync(fileOf(code)), `${code}.json is missing`).toBe(true)
      const translated = flatten(JSON.parse(readFileSync(fileOf(code), 'utf8')) as Tree)
      const categories = new Intl.PluralRules(INTERFACE_LOCALE_ENTRIES[code].tag).resolvedOptions().pluralCategories
      const expected = [
        ...[...english.keys()].filter((key) => !PLURAL.test(key)),
        ...pluralBases.flatMap((base) => categories.map((category) => `${base}_${category}`)),
      ].sort()
      expect([...translated.keys()].sort()).toEqual(expected)
      for (const [key, text] of translated) {
        const source = english.get(key) ?? english.get(`${key.replace(PLURAL, '')}_other`) ?? ''
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(source))
        expect(text.trim(), `${code} ${key} is empty`).not.toBe('')
      }
    })
  }
})

describe('shared catalogs in an interface language', () => {
  it('lays a catalogue over another key by key', () => {
    const under: Messages = { a: 'A', group: { b: 'B', c: 'C' } }
    expect(overlay(under, { group: { c: 'Ç' } })).toEqual({ a: 'A', group: { b: 'B', c: 'Ç' } })
  })

  it('translates the interface in German while the product texts stay in the page’s language', async () => {
    const catalogs = await loadSharedCatalogs('zh-Hans', 'de')
    expect(sharedCatalogs('zh-Hans', 'de')).toBe(catalogs)
    const t = createTranslator(catalogs, 'common', 'zh-Hans', 'de')
    const ui = createTranslator(catalogs, 'ui', 'zh-Hans', 'de')
    const german = JSON.parse(readFileSync(fileOf('de'), 'utf8')) as { ui: Tree; common: Tree }
    expect(ui('pagination.next')).toBe((german.ui.pagination as Tree).next)
    expect(t('nav.signIn')).toBe((german.common.nav as Tree).signIn)
    // A product text (not in the interface catalogue) keeps the page's language.
    expect(t('banner.verifyNow')).toBe(createTranslator(await loadSharedCatalogs('zh-Hans'), 'common')('banner.verifyNow'))
  })

  it('is the product locale’s own when the interface language is the one it implies', async () => {
    expect(await loadSharedCatalogs('zh-Hans', 'zh_cn')).toBe(await loadSharedCatalogs('zh-Hans'))
  })

  it('chooses plural forms by the interface language’s rules', async () => {
    const catalogs = await loadSharedCatalogs('en', 'ar')
    const t = createTranslator(catalogs, 'common', 'en', 'ar')
    const arabic = (JSON.parse(readFileSync(fileOf('ar'), 'utf8')) as { common: Tree }).common.notificationBell as Tree
    expect(t('notificationBell.label', { count: 3, unread: '٣' })).toBe(String(arabic.label_few).replace('{{unread}}', '٣'))
    expect(t('notificationBell.label', { count: 2, unread: '٢' })).toBe(String(arabic.label_two).replace('{{unread}}', '٢'))
  })
})
