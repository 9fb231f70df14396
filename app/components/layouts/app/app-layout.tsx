import { type ReactNode, useState } from 'react'
import { useTranslation } from '../../../platform/i18n/react'
import { Link, useMatches } from 'react-router'
import { type ClientSession, isVerified, useBearerSession } from '../../../modules/identity/index'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { RealtimeProvider } from '../../../platform/realtime/hooks'
import { NotificationBell } from '../../notifications/notification-bell'
import { pageSettings } from '../../../platform/ui/route-handle'
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '../../../platform/ui/sidebar'
import { CompanySwitcher } from '../../company-switcher'
import { cn } from '../../ui/cn'
import { TooltipProvider } from '../../ui/tooltip'
import { useRootData } from '../../use-root-data'
import { AppFooter } from './app-footer'
import { LiveStatus } from './live-status'
import { AppSidebar } from './app-sidebar'
import { AppTopbar, type TopbarSlots } from './app-topbar'
import { useGuideProgress } from './guide-progress'
import { type NavGroup, palettePages, visibleGroups } from './navigation'
import { useNavGroups } from './use-nav-groups'

type AppLayoutProps = TopbarSlots & {
  locale: Locale
  session: ClientSession
  /** Sidebar groups; none means no sidebar (admin-default). */
  navigation?: NavGroup[]
  sidebarCollapsed?: boolean
  /** A narrow column for focused pages such as onboarding. */
  narrow?: boolean
  children: ReactNode
}

/** How wide the content column may grow: a focused form, a reading page (the default), or a data page that uses a large screen. */
const MAIN_WIDTH = { narrow: 'max-w-2xl', reading: 'max-w-5xl', wide: 'max-w-screen-2xl' } as const

/** The one cookie script writes (so it cannot be HttpOnly): a layout preference the server reads to render the frame. */
function rememberSidebar(collapsed: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 'collapsed' : 'expanded'}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}

/**
 * The signed-in application frame the admin-* and supplier layouts are built from. It opens the tab's one realtime
 * connection (with a bearer token kept fresh by useBearerSession) for everything rendered inside it.
 */
export function AppLayout({
  locale,
  session,
  navigation = [],
  sidebarCollapsed = false,
  narrow = false,
  children,
  companySwitcher,
  notifications,
  ...slots
}: AppLayoutProps) {
  const { t } = useTranslation('common')
  const { companies, collapsedNavGroups } = useRootData()
  const tokens = useBearerSession(session)
  const guide = useGuideProgress()
  const [collapsed, setCollapsed] = useState(sidebarCollapsed)
  const viewer = {
    role: session.user.role,
    companyKind: companies?.active?.kind ?? null,
    contactVerified: isVerified(session),
    companyVerified: companies?.active?.verificationStatus === 'accept',
    guideClosed: guide === null,
  }
  const groups = visibleGroups(navigation, viewer)
  const navState = useNavGroups(groups, collapsedNavGroups)
  // Platform admins work without a company: nothing invites them to set one up.
  const switcher = companies?.active || session.user.role !== 'admin' ? <CompanySwitcher companies={companies} locale={locale} deferItems /> : null
  const pageWidth = pageSettings(useMatches()).width
  const width = narrow ? 'narrow' : (pageWidth ?? 'reading')
  const toggle = () => {
    rememberSidebar(!collapsed)
    setCollapsed(!collapsed)
  }
  return (
    <RealtimeProvider tokens={tokens} locale={locale}>
      <TooltipProvider>
        {/* data-app-layout: entry.client.tsx loads the signed-in layouts before hydrating a page that has one. */}
        <div className="flex min-h-screen flex-col" data-app-layout="">
          <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2">
            {t('nav.skipToContent')}
          </a>
          <AppTopbar
            session={session}
            locale={locale}
            groups={groups}
            navState={navState}
            pages={palettePages(navigation, viewer)}
            companySwitcher={companySwitcher ?? switcher}
            notifications={notifications ?? <NotificationBell locale={locale} />}
            {...slots}
          />
          <div className="flex flex-1">
            {groups.length > 0 ? <AppSidebar groups={groups} state={navState} locale={locale} collapsed={collapsed} onToggle={toggle} /> : null}
            <div className="flex min-w-0 flex-1 flex-col">
              {isVerified(session) ? null : (
                <div
                  role="status"
                  className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-status-pending-bg px-4 py-2 text-sm text-status-pending"
                >
                  <span>{t('banner.unverified')}</span>
                  <Link to={localizePath(locale, '/app/user/verify')} className="font-medium underline">
                    {t('banner.verifyNow')}
                  </Link>
                </div>
              )}
              <main id="main" className={cn('mx-auto w-full min-w-0 flex-1 p-4 sm:p-6', MAIN_WIDTH[width])}>
                {children}
              </main>
              <AppFooter status={<LiveStatus />} />
            </div>
          </div>
        </div>
      </TooltipProvider>
    </RealtimeProvider>
  )
}
