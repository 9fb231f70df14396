import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AppFooter } from '../../../components/layouts/app/app-footer'
import { ColorModeSwitcher } from '../../../components/color-mode-switcher'
import { LanguageSwitcher } from '../../../components/language-switcher'
import { Logo } from '../../../components/logo'
import { buttonClasses } from '../../../components/ui/button'
import { useRootData } from '../../../components/use-root-data'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'

/** The public pages the landing header links to, in its order (locale-free paths). */
const LANDING_LINKS = [
  { path: '/marketing', key: 'nav.product' },
  { path: '/sourcing', key: 'nav.howSourcingWorks' },
  { path: '/supplier/portal', key: 'nav.sellOnTradeport' },
  { path: '/b2b', key: 'nav.marketplace' },
  { path: '/pricing', key: 'nav.pricing' },
] as const

/**
 * The frame of the landing pages that render without a layout (§2: /marketing and /supplier/portal set `none`): a header
 * with the product's public pages, language, colour mode and account, the page, and the footer every layout shares.
 */
export function LandingShell({ current, children }: { current: (typeof LANDING_LINKS)[number]['path']; children: ReactNode }) {
  const { t } = useTranslation('common')
  const { locale, session } = useRootData()
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Logo locale={locale} />
          <nav aria-label={t('nav.mainNavigation')} className="order-last w-full lg:order-none lg:w-auto lg:flex-1">
            <ul className="-mx-2 flex flex-wrap gap-x-1 gap-y-1 text-sm">
              {LANDING_LINKS.map((link) => (
                <li key={link.path}>
                  <Link
                    to={localizePath(locale, link.path)}
                    aria-current={link.path === current ? 'page' : undefined}
                    className="inline-flex min-h-8 items-center rounded-md px-2 text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ms-auto flex items-center gap-1">
            <LanguageSwitcher current={locale} />
            <ColorModeSwitcher locale={locale} />
            {session ? (
              <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('primary', undefined, 'sm')}>
                {t('nav.openApp')}
              </Link>
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
