import { useTranslation } from '../../../platform/i18n/react'
import type { Locale } from '../../../platform/i18n/locales'
import { cn } from '../../ui/cn'
import { SpriteIcon } from '../../ui/sprite-icon'
import { AppMenuItem } from './app-menu-item'
import type { NavGroup } from './navigation'
import type { NavGroupsState } from './use-nav-groups'

/**
 * The navigation groups of a sidebar or of the mobile drawer. Each heading opens and closes its group; a sidebar
 * collapsed to icons shows every item without headings. `idPrefix` keeps ids unique when sidebar and drawer coexist.
 */
export function AppMenu({
  groups,
  state,
  locale,
  idPrefix,
  collapsed = false,
  onNavigate,
}: {
  groups: NavGroup[]
  state: NavGroupsState
  locale: Locale
  idPrefix: string
  collapsed?: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation('common')
  return (
    <div className={cn('flex flex-col', collapsed ? 'gap-3' : 'gap-1')}>
      {groups.map((group) => {
        const open = collapsed || state.isOpen(group.id)
        const headingId = `${idPrefix}-group-${group.id}`
        const listId = `${idPrefix}-group-${group.id}-items`
        return (
          <div key={group.id} role="group" aria-labelledby={headingId} data-nav-group={group.id}>
            {collapsed ? (
              <p id={headingId} className="sr-only">
                {t(group.labelKey)}
              </p>
            ) : (
              <button type="button" id={headingId} aria-expanded={open} aria-controls={listId} onClick={() => state.toggle(group.id)} className="nav-heading">
                {t(group.labelKey)}
                <SpriteIcon name="chevron-down" className={cn('size-3.5 transition-transform', !open && '-rotate-90 rtl:rotate-90')} />
              </button>
            )}
            <ul id={listId} hidden={!open} className={cn('flex flex-col gap-0.5', !collapsed && 'pb-2')}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <AppMenuItem
                    item={item}
                    locale={locale}
                    collapsed={collapsed}
                    current={state.here.itemTo !== item.to ? undefined : state.here.exact ? 'page' : 'true'}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </div>
  )
}
