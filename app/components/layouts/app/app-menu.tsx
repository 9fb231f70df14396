import { useTranslation } from '../../../platform/i18n/react'
import type { Locale } from '../../../platform/i18n/locales'
import { cn } from '../../ui/cn'
import { AppMenuItem } from './app-menu-item'
import type { NavGroup } from './navigation'

/** The navigation groups of a sidebar or of the mobile drawer. */
export function AppMenu({ groups, locale, collapsed = false, onNavigate }: { groups: NavGroup[]; locale: Locale; collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common')
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`nav-group-${group.id}`}>
          <p id={`nav-group-${group.id}`} className={cn('px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground', collapsed && 'sr-only')}>
            {t(group.labelKey)}
          </p>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <AppMenuItem item={item} locale={locale} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}
