import type { Preferences } from '../modules/identity/index'
import { createFormatter, type Formatter } from '../platform/format'
import { readCookie } from '../platform/http/cookies'
import { INTERFACE_LOCALE_COOKIE, INTERFACE_LOCALE_ENTRIES, viewerInterfaceLocale } from '../platform/i18n/interface-locales'
import type { Locale } from '../platform/i18n/locales'

/**
 * The formatter of a page's first render in the browser (`useFormatter` before hydration ends): the same language tag
 * and preferences, UTC without a saved time zone. A text a loader formats with it hydrates unchanged, and the browser
 * builds no `Intl` formatter for it: the first one costs tens of milliseconds on a phone, a long task in the middle of
 * hydrating a public page.
 */
export function pageFormatter(request: Request, signedIn: boolean, locale: Locale, preferences: Preferences): Formatter {
  const interfaceLocale = viewerInterfaceLocale(preferences.interface_locale, signedIn, readCookie(request.headers.get('cookie'), INTERFACE_LOCALE_COOKIE))
  return createFormatter({
    locale,
    tag: interfaceLocale ? INTERFACE_LOCALE_ENTRIES[interfaceLocale].tag : undefined,
    preferences: { ...preferences, timezone: preferences.timezone ?? 'UTC' },
  })
}
