import { useMemo } from 'react'
import { usePreferences } from '../modules/identity/index'
import { createFormatter, type Formatter } from '../platform/format'
import { useTranslation } from '../platform/i18n/react'
import { useHydrated } from './use-hydrated'

/**
 * The formatter every page uses: the page's locale and the user's date, time, number and currency
 * preferences. Without a saved time zone, the server and the first (hydrating) render use UTC so they
 * agree; the browser's own zone takes over right after.
 */
export function useFormatter(): Formatter {
  const { i18n } = useTranslation()
  const { preferences } = usePreferences()
  const hydrated = useHydrated()
  const timezone = preferences.timezone ?? (hydrated ? null : 'UTC')
  return useMemo(
    () => createFormatter({ locale: i18n.language, tag: i18n.tag, preferences: { ...preferences, timezone } }),
    [i18n.language, i18n.tag, preferences, timezone],
  )
}
