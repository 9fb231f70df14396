import { NavLink } from 'react-router'
import { cn } from '../../../components/ui/cn'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'

const SECTIONS = [
  { to: '/app/settings', key: 'settingsNav.profile' },
  { to: '/app/settings/team', key: 'settingsNav.team' },
  { to: '/app/settings/address', key: 'settingsNav.addresses' },
  { to: '/app/settings/plan', key: 'settingsNav.plan' },
] as const

/** The company settings' sub-navigation, shared by its pages. */
export function SettingsNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation('companies')
  return (
    <nav aria-label={t('settingsNav.label')} className="mb-6 flex gap-1 overflow-x-auto border-b border-border">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={localizePath(locale, section.to)}
          end
          className={({ isActive }) =>
            cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap',
              isActive ? 'border-primary font-medium text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {t(section.key)}
        </NavLink>
      ))}
    </nav>
  )
}
