import type { FormEvent } from 'react'
import { useTranslation } from '../platform/i18n/react'
import { Form, useFetcher, useLocation } from 'react-router'
import { type Locale, localizePath } from '../platform/i18n/locales'
import { COLOR_PREFERENCES, type ColorPreference, isColorPreference } from '../platform/ui/color-mode'
import { useColorMode } from './color-mode'
import { SpriteIcon } from './ui/sprite-icon'
import { DISCLOSURE_ITEM_CLASS, DisclosureMenu, DisclosureMenuLabel } from './ui/disclosure-menu'

const ICONS = { system: 'monitor', light: 'sun', dark: 'moon' } as const

/**
 * System / light / dark. With scripts the choice applies at once and is saved in the background; without,
 * the form posts and the page comes back in the chosen mode. Either way a cookie lets the server render it.
 */
export function ColorModeSwitcher({ locale, deferItems }: { locale: Locale; deferItems?: boolean }) {
  const { t } = useTranslation('common')
  const { preference, value, unknown, setPreference } = useColorMode()
  const fetcher = useFetcher()
  const location = useLocation()
  const action = localizePath(locale, '/color-mode')
  const currentIcon = ICONS[unknown || preference === 'system' ? 'system' : value]
  const choose = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const chosen = submitter?.value
    if (!isColorPreference(chosen)) return
    event.preventDefault()
    setPreference(chosen as ColorPreference)
    void fetcher.submit({ preference: chosen }, { method: 'post', action })
  }
  return (
    <DisclosureMenu
      deferItems={deferItems}
      label={t('colorMode.current', { mode: t(`colorMode.${preference}`) })}
      trigger={<SpriteIcon name={currentIcon} />}
      data-testid="color-mode-switcher"
    >
      <DisclosureMenuLabel>{t('colorMode.label')}</DisclosureMenuLabel>
      <Form method="post" action={action} onSubmit={choose}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {COLOR_PREFERENCES.map((option) => {
          return (
            <button
              key={option}
              type="submit"
              name="preference"
              value={option}
              aria-current={option === preference ? 'true' : undefined}
              className={DISCLOSURE_ITEM_CLASS}
              data-menu-item
            >
              <SpriteIcon name={ICONS[option]} />
              {t(`colorMode.${option}`)}
            </button>
          )
        })}
      </Form>
    </DisclosureMenu>
  )
}
