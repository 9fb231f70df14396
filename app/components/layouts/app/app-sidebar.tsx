import { useTranslation } from '../../../platform/i18n/react'
import type { Locale } from '../../../platform/i18n/locales'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { SpriteIcon } from '../../ui/sprite-icon'
import { AppMenu } from './app-menu'
import type { NavGroup } from './navigation'
import type { NavGroupsState } from './use-nav-groups'

/** The desktop sidebar: navigation grouped by area, collapsible to icons. Hidden on small screens (the drawer takes over). */
export function AppSidebar({
  groups,
  state,
  locale,
  collapsed,
  onToggle,
}: {
  groups: NavGroup[]
  state: NavGroupsState
  locale: Locale
  collapsed: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation('common')
  return (
    <nav
      aria-label={t('nav.mainNavigation')}
      className={cn('hidden shrink-0 flex-col border-e border-border bg-card p-3 md:flex', collapsed ? 'w-16' : 'w-64')}
    >
      <div className="flex-1 overflow-y-auto">
        <AppMenu groups={groups} state={state} locale={locale} idPrefix="sidebar" collapsed={collapsed} />
      </div>
      <Button
        variant="ghost"
        size="sm"
        className={cn('mt-3', collapsed ? 'self-center' : 'self-start')}
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
      >
        <SpriteIcon name={collapsed ? 'panel-left-open' : 'panel-left-close'} className="rtl:-scale-x-100" />
      </Button>
    </nav>
  )
}
