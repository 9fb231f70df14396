import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { LOCALE_ENTRIES, LOCALES, type Locale, localizePath } from '../platform/i18n/locales'
import { Button } from './ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from './ui/dropdown-menu'

const FORM_ID = 'language-switch'

/**
 * Switches the language and stays on the page. The choice posts to /{locale}/locale, which remembers it
 * in the i18n_redirected cookie (and the signed-in user's language preference) and redirects back.
 */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  return (
    <>
      <Form id={FORM_ID} method="post" action={localizePath(current, '/locale')} className="hidden">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      </Form>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={t('language.current', { language: LOCALE_ENTRIES[current].nativeName })}>
            <Languages aria-hidden />
            <span lang={LOCALE_ENTRIES[current].code}>{LOCALE_ENTRIES[current].nativeName}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
          {LOCALES.map((locale) => (
            <DropdownMenuItem key={locale} asChild>
              <button type="submit" form={FORM_ID} name="locale" value={locale} lang={LOCALE_ENTRIES[locale].code} aria-current={locale === current ? 'true' : undefined} className="w-full">
                {LOCALE_ENTRIES[locale].nativeName}
              </button>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  )
}
