import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { createTranslator, DEFAULT_NAMESPACE, type I18nInfo, type LocaleResources, type TFunction } from './i18n'
import { DEFAULT_LOCALE, type Locale } from './locales'

type I18nContextValue = { locale: Locale; resources: LocaleResources }

const I18nContext = createContext<I18nContextValue>({ locale: DEFAULT_LOCALE, resources: {} })

/** Provides the current locale's catalogs (sent by the root loader) to the components below. */
export function I18nProvider({ locale, resources, children }: { locale: Locale; resources: LocaleResources; children: ReactNode }) {
  const value = useMemo(() => ({ locale, resources }), [locale, resources])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** `t` for one namespace of the current locale, and the locale itself as `i18n.language`. */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; i18n: I18nInfo } {
  const { locale, resources } = useContext(I18nContext)
  return useMemo(() => ({ t: createTranslator(resources, namespace, locale), i18n: { language: locale } }), [locale, resources, namespace])
}
