import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { LOCALE_ENTRIES, LOCALES, type Locale, localizePath, splitLocalePath } from '../platform/i18n/locales'
import { cn } from './ui/cn'

/** Links to the current page in every locale. */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  const { rest } = splitLocalePath(location.pathname)
  return (
    <nav aria-label={t('nav.language')} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={`${localizePath(locale, rest)}${location.search}`}
          lang={LOCALE_ENTRIES[locale].code}
          hrefLang={LOCALE_ENTRIES[locale].code}
          aria-current={locale === current ? 'true' : undefined}
          className={cn('rounded px-2 py-1', locale === current ? 'bg-brand-100 font-semibold text-brand-800' : 'text-zinc-600 hover:bg-zinc-100')}
        >
          {LOCALE_ENTRIES[locale].nativeName}
        </Link>
      ))}
    </nav>
  )
}
