import { Link } from 'react-router'
import { useTranslation } from '../../../platform/i18n/react'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { cn } from '../../ui/cn'
import { SpriteIcon } from '../../ui/sprite-icon'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../ui/tooltip'
import { GuideProgressLabel, useGuideProgress } from './guide-progress'
import type { NavItem } from './navigation'
import { UnreadConversationsBadge } from './unread-conversations'

/**
 * One link of the sidebar; when the sidebar is collapsed only the icon shows and a tooltip names it. `current` marks the
 * item of the page shown: `page` on the item's own page, `true` on a page that belongs to it (a subpage or a detail page).
 */
export function AppMenuItem({
  item,
  locale,
  collapsed,
  current,
  onNavigate,
}: {
  item: NavItem
  locale: Locale
  collapsed: boolean
  current?: 'page' | 'true'
  onNavigate?: () => void
}) {
  const {
    t,
    i18n: { dir },
  } = useTranslation('common')
  const guide = useGuideProgress()
  const progress = item.badge === 'guideProgress' ? guide : null
  const name = t(item.labelKey)
  const label = progress && collapsed ? `${name} ${progress.done}/${progress.total}` : name
  const link = (
    <Link
      to={localizePath(locale, item.to)}
      onClick={onNavigate}
      aria-current={current}
      aria-label={collapsed ? label : undefined}
      className={cn('nav-link', collapsed && 'justify-center px-2')}
    >
      <SpriteIcon name={item.icon} />
      {collapsed ? null : progress ? <GuideProgressLabel label={name} progress={progress} /> : <span className="truncate">{label}</span>}
      {!collapsed && item.badge === 'unreadConversations' ? <UnreadConversationsBadge /> : null}
    </Link>
  )
  if (!collapsed) return link
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      {/* Beside the sidebar: to its right, or to its left when the interface reads right to left. */}
      <TooltipContent side={dir === 'rtl' ? 'left' : 'right'}>{label}</TooltipContent>
    </Tooltip>
  )
}
