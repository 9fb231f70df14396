import { type ReactNode, useState } from 'react'
import { useTranslation } from '../../../platform/i18n/react'
import type { ClientSession } from '../../../modules/identity/index'
import type { Locale } from '../../../platform/i18n/locales'
import { ColorModeSwitcher } from '../../color-mode-switcher'
import { LanguageSwitcher } from '../../language-switcher'
import { Logo } from '../../logo'
import { Button } from '../../ui/button'
import { Sheet, SheetContent, SheetTrigger } from '../../ui/sheet'
import { SpriteIcon } from '../../ui/sprite-icon'
import { UserMenu } from '../../user-menu'
import { AppMenu } from './app-menu'
import { CommandPalette } from './command-palette'
import type { NavGroup, PalettePage } from './navigation'
import type { NavGroupsState } from './use-nav-groups'

export type TopbarSlots = {
  /** Where the company switcher goes once people belong to companies. */
  companySwitcher?: ReactNode
  /** Where the notifications bell goes once there are notifications. */
  notifications?: ReactNode
}

type AppTopbarProps = TopbarSlots & {
  session: ClientSession
  locale: Locale
  groups: NavGroup[]
  navState: NavGroupsState
  /** What the command palette finds besides records. */
  pages: PalettePage[]
}

/**
 * The top bar of the signed-in app: menu drawer on phones (the company switcher at its top, as the bar has no room
 * for it there), logo, company switcher, search, notifications, language, colour mode, user menu.
 */
export function AppTopbar({ session, locale, groups, navState, pages, companySwitcher, notifications }: AppTopbarProps) {
  const { t } = useTranslation('common')
  const [drawerOpen, setDrawerOpen] = useState(false)
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-card/95 backdrop-blur">
      <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {groups.length > 0 ? (
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('nav.openMenu')}>
                <SpriteIcon name="menu" />
              </Button>
            </SheetTrigger>
            <SheetContent side="start" title={t('nav.menuTitle')} description={t('nav.menuDescription')} hideDescription className="w-72">
              {/* In the drawer the switcher's menu opens in place, within the drawer's width. */}
              {companySwitcher ? (
                <div className="-mx-2 sm:hidden [&_details>div]:static [&_details>div]:w-auto [&_details>div]:shadow-none">{companySwitcher}</div>
              ) : null}
              <nav aria-label={t('nav.mainNavigation')}>
                <AppMenu groups={groups} state={navState} locale={locale} idPrefix="drawer" onNavigate={() => setDrawerOpen(false)} />
              </nav>
            </SheetContent>
          </Sheet>
        ) : null}
        <Logo locale={locale} />
        <div className="ms-2 hidden sm:block">{companySwitcher}</div>
        <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
          <CommandPalette pages={pages} locale={locale} />
          {notifications}
          <LanguageSwitcher current={locale} deferItems />
          <ColorModeSwitcher locale={locale} deferItems />
          <UserMenu session={session} locale={locale} deferItems />
        </div>
      </div>
    </header>
  )
}
