import uiEn from '../../components/ui/messages/en.json'
import uiZhHans from '../../components/ui/messages/zh-Hans.json'
import uiZhHant from '../../components/ui/messages/zh-Hant.json'
import identityEn from '../../modules/identity/messages/en.json'
import identityZhHans from '../../modules/identity/messages/zh-Hans.json'
import identityZhHant from '../../modules/identity/messages/zh-Hant.json'
import type { Locale } from './locales'
import commonEn from './messages/en.json'
import commonZhHans from './messages/zh-Hans.json'
import commonZhHant from './messages/zh-Hant.json'

/** Every message catalog, by locale and namespace. Server-only: pages receive just their locale's part. */
export const CATALOGS = {
  en: { common: commonEn, ui: uiEn, identity: identityEn },
  'zh-Hans': { common: commonZhHans, ui: uiZhHans, identity: identityZhHans },
  'zh-Hant': { common: commonZhHant, ui: uiZhHant, identity: identityZhHant },
} satisfies Record<Locale, Record<string, unknown>>

export type Namespace = keyof (typeof CATALOGS)['en']
export const NAMESPACES = Object.keys(CATALOGS.en) as Namespace[]
export type LocaleResources = (typeof CATALOGS)['en']
