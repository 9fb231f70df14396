import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { createTranslator, DEFAULT_NAMESPACE, type I18nInfo, type LocaleResources, type TFunction } from './i18n'
import { type InterfaceEntry, interfaceLocaleOf } from './interface-fallback'
import type { InterfaceLocale } from './interface-locales'
import { DEFAULT_LOCALE, LOCALE_ENTRIES, type Locale } from './locales'

type I18nContextValue = { locale: Locale; resources: LocaleResources; info: I18nInfo }

/**
 * The formats' and plural rules' language: the chosen interface language's tag and direction (the root loader's
 * `interfaceEntry`), else the product locale's (en-US, zh-CN, zh-TW).
 */
export function i18nInfo(locale: Locale, interfaceLocale: InterfaceLocale | null, entry: InterfaceEntry | null = null): I18nInfo {
  const own = interfaceLocale && entry ? entry : { tag: LOCALE_ENTRIES[locale].language, dir: LOCALE_ENTRIES[locale].dir }
  return { language: locale, interfaceLocale: (interfaceLocale && entry ? interfaceLocale : null) ?? interfaceLocaleOf(locale), tag: own.tag, dir: own.dir }
}

const I18nContext = createContext<I18nContextValue>({ locale: DEFAULT_LOCALE, resources: {}, info: i18nInfo(DEFAULT_LOCALE, null) })

/** Provides the current locale's catalogs (sent by the root loader) to the components below. */
export function I18nProvider({
  locale,
  interfaceLocale = null,
  interfaceEntry = null,
  resources,
  children,
}: {
  locale: Locale
  interfaceLocale?: InterfaceLocale | null
  interfaceEntry?: InterfaceEntry | null
  resources: LocaleResources
  children: ReactNode
}) {
  const value = useMemo(
    () => ({ locale, resources, info: i18nInfo(locale, interfaceLocale, interfaceEntry) }),
    [locale, interfaceLocale, interfaceEntry, resources],
  )
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** `t` for one namespace of the current locale, and the locale itself as `i18n.language` (the interface language beside it). */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; i18n: I18nInfo } {
  const { locale, resources, info } = useContext(I18nContext)
  return useMemo(() => ({ t: createTranslator(resources, namespace, locale, info.tag), i18n: info }), [locale, resources, namespace, info])
}
