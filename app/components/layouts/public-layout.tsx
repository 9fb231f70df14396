import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ClientSession } from '../../modules/identity/index'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { LanguageSwitcher } from '../language-switcher'
import { Logo } from '../logo'
import { buttonClasses } from '../ui/button'

/** The `default` layout of public pages: header, content, footer. */
export function PublicLayout({ locale, session, children }: { locale: Locale; session: ClientSession | null; children: ReactNode }) {
  const { t } = useTranslation('common')
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo locale={locale} />
          <div className="flex flex-wrap items-center gap-3">
            <LanguageSwitcher current={locale} />
            {session ? (
              <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('primary')}>
                {t('nav.dashboard')}
              </Link>
            ) : (
              <>
                <Link to={localizePath(locale, '/login')} className={buttonClasses('ghost')}>
                  {t('nav.signIn')}
                </Link>
                <Link to={`${localizePath(locale, '/login')}?mode=sign-up`} className={buttonClasses('primary')}>
                  {t('nav.signUp')}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-zinc-600">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <a href="/api/docs" className="hover:text-zinc-900">
            {t('footer.apiDocs')}
          </a>
        </div>
      </footer>
    </div>
  )
}
