import { useTranslation } from '../platform/i18n/react'
import { Form, Link, useLocation } from 'react-router'
import { cn } from './ui/cn'
import { LOCALE_ENTRIES, LOCALES, type Locale, localizePath } from '../platform/i18n/locales'
import { SpriteIcon } from './ui/sprite-icon'
import { DISCLOSURE_ITEM_CLASS, DisclosureMenu, DisclosureMenuLabel } from './ui/disclosure-menu'

/**
 * Switches the language and stays on the page. The choice posts to /{locale}/locale, which remembers it
 * in the i18n_redirected cookie (and the signed-in user's language preference) and redirects back.
 */
export function LanguageSwitcher({ current, deferItems }: { current: Locale; deferItems?: boolean }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  return (
    <DisclosureMenu
      deferItems={deferItems}
      label={t('language.current', { language: LOCALE_ENTRIES[current].nativeName })}
      trigger={
        <>
          <SpriteIcon name="languages" />
          <span lang={LOCALE_ENTRIES[current].code} className="hidden sm:inline">
            {LOCALE_ENTRIES[current].nativeName}
          </span>
        </>
      }
      data-testid="language-switcher"
    >
      <DisclosureMenuLabel>{t('language.label')}</DisclosureMenuLabel>
      <Form method="post" action={localizePath(current, '/locale')}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="submit"
            name="locale"
            value={locale}
            lang={LOCALE_ENTRIES[locale].code}
            aria-current={locale === current ? 'true' : undefined}
            className={DISCLOSURE_ITEM_CLASS}
            data-menu-item
          >
            {LOCALE_ENTRIES[locale].nativeName}
          </button>
        ))}
      </Form>
      {/* The interface languages (issue 26): buttons, menus, messages and formats in one of the spec's 51. */}
      <Link
        to={`${localizePath(current, '/languages')}?back=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
        className={cn(DISCLOSURE_ITEM_CLASS, 'border-t border-border')}
        data-menu-item
      >
        {t('language.more')}
      </Link>
    </DisclosureMenu>
  )
}
