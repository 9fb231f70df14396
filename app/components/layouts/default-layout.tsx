import type { ReactNode } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { Link } from 'react-router'
import type { ClientSession } from '../../modules/identity/index'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { ColorModeSwitcher } from '../color-mode-switcher'
import { LanguageSwitcher } from '../language-switcher'
import { Logo } from '../logo'
import { MarketplaceSearch } from '../marketplace-search'
import { buttonClasses } from '../ui/button'
import { UserMenu } from '../user-menu'
import { AppFooter } from './app/app-footer'

/** The `default` layout of public pages: header with search, language, colour mode and account; footer. */
export function DefaultLayout({ locale, session, children }: { locale: Locale; session: ClientSession | null; children: ReactNode }) {
  const { t } = useTranslation('common')
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
          <Logo locale={locale} />
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
            <MarketplaceSearch locale={locale} />
          </div>
          <div className="ms-auto flex items-center gap-1">
            <Link to={localizePath(locale, '/pricing')} className={buttonClasses('ghost', 'hidden md:inline-flex', 'sm')}>
              {t('nav.pricing')}
            </Link>
            <LanguageSwitcher current={locale} />
            <ColorModeSwitcher locale={locale} />
            {session ? (
              <UserMenu session={session} locale={locale} />
            ) : (
              <>
                <Link to={localizePath(locale, '/login')} className={buttonClasses('ghost', undefined, 'sm')}>
                  {t('nav.signIn')}
                </Link>
                <Link to={`${localizePath(locale, '/login')}?mode=sign-up`} className={buttonClasses('primary', 'hidden sm:inline-flex', 'sm')}>
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
      <AppFooter className="bg-card" />
    </div>
  )
}
