import { Monitor, Moon, Sun } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { COLOR_PREFERENCES, type ColorPreference } from '../platform/ui/color-mode'
import { useColorMode } from './color-mode'
import { Button } from './ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from './ui/dropdown-menu'

const ICONS = { system: Monitor, light: Sun, dark: Moon } as const

/** System / light / dark; applied at once and remembered in a cookie so the server renders it next time. */
export function ColorModeSwitcher({ locale }: { locale: Locale }) {
  const { t } = useTranslation('common')
  const { preference, value, unknown, setPreference } = useColorMode()
  const fetcher = useFetcher()
  const CurrentIcon = ICONS[unknown || preference === 'system' ? 'system' : value]
  const choose = (next: string) => {
    const chosen = next as ColorPreference
    setPreference(chosen)
    void fetcher.submit({ preference: chosen }, { method: 'post', action: localizePath(locale, '/color-mode') })
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('colorMode.current', { mode: t(`colorMode.${preference}`) })}>
          <CurrentIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('colorMode.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={preference} onValueChange={choose}>
          {COLOR_PREFERENCES.map((option) => {
            const OptionIcon = ICONS[option]
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon className="size-4" aria-hidden />
                {t(`colorMode.${option}`)}
              </DropdownMenuRadioItem>
            )
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
