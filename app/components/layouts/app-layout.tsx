import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, NavLink } from 'react-router'
import { type ClientSession, isVerified } from '../../modules/identity/index'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { LanguageSwitcher } from '../language-switcher'
import { Logo } from '../logo'
import { buttonClasses } from '../ui/button'
import { cn } from '../ui/cn'

type NavItem = { to: string; label: string }

function NavGroup({ title, items, locale }: { title: string; items: NavItem[]; locale: Locale }) {
  return (
    <div>
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-zinc-500">{title}</p>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={localizePath(locale, item.to)}
              end
              className={({ isActive }) => cn('block rounded-md px-3 py-2 text-sm', isActive ? 'bg-brand-100 font-medium text-brand-800' : 'text-zinc-700 hover:bg-zinc-100')}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The `admin-dashboard` layout of the signed-in app: top bar, sidebar grouped by area, content. */
export function AppLayout({ locale, session, children }: { locale: Locale; session: ClientSession; children: ReactNode }) {
  const { t } = useTranslation('common')
  const verified = isVerified(session)
  const account: NavItem[] = [
    { to: '/app/user/change-password', label: t('nav.changePassword') },
    { to: '/app/user/reset-password', label: t('nav.resetPassword') },
    { to: '/app/user/two-factor', label: t('nav.twoFactor') },
    { to: '/app/user/verify', label: t('nav.verify') },
  ]
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <header className="border-b border-zinc-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo locale={locale} />
          <div className="flex flex-wrap items-center gap-3">
            <LanguageSwitcher current={locale} />
            <span className="text-sm text-zinc-700" data-testid="current-user">
              {session.user.name}
            </span>
            <Form method="post" action={localizePath(locale, '/auth/sign-out')}>
              <button type="submit" className={buttonClasses('secondary')}>
                {t('nav.signOut')}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav aria-label={t('nav.mainNavigation')} className="border-b border-zinc-200 bg-white p-3 md:w-60 md:border-b-0 md:border-r">
          <div className="flex flex-col gap-4">
            <NavGroup title={t('nav.dashboard')} items={[{ to: '/app/dashboard', label: t('nav.dashboard') }]} locale={locale} />
            <NavGroup title={t('nav.account')} items={account} locale={locale} />
            {session.user.role === 'admin' ? <NavGroup title={t('nav.platform')} items={[{ to: '/app/playground/mail', label: t('nav.mailbox') }]} locale={locale} /> : null}
          </div>
        </nav>
        <div className="flex-1">
          {verified ? null : (
            <div role="status" className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              <span>{t('banner.unverified')}</span>
              <Link to={localizePath(locale, '/app/user/verify')} className="font-medium underline">
                {t('banner.verifyNow')}
              </Link>
            </div>
          )}
          <main id="main" className="mx-auto max-w-4xl p-4 sm:p-6">
            {children}
          </main>
        </div>
      </div>
    </div>
  )
}
