import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PreferencesProvider } from '../../modules/identity/index'
import type { Locale } from '../../platform/i18n/locales'
import en from '../../platform/i18n/messages/en.json'
import zhHans from '../../platform/i18n/messages/zh-Hans.json'
import zhHant from '../../platform/i18n/messages/zh-Hant.json'
import { I18nProvider } from '../../platform/i18n/react'
import { RealtimeProvider, useRealtimeConnection } from '../../platform/realtime/hooks'
import { NotificationBell } from './notification-bell'

const CATALOGS = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant }

/** Server rendering, as SSR does: no socket, no fetch, no window access. */
function render(locale: Locale, node: React.ReactNode): string {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <RealtimeProvider tokens={null} locale={locale}>
          {node}
        </RealtimeProvider>
      ),
    },
  ])
  return renderToString(
    <I18nProvider locale={locale} resources={{ common: CATALOGS[locale] }}>
      <PreferencesProvider>
        <Stub />
      </PreferencesProvider>
    </I18nProvider>,
  )
}

function State() {
  const connection = useRealtimeConnection()
  return <output>{`${connection.state}:${connection.reconnects}`}</output>
}

describe('NotificationBell on the server', () => {
  it.each([
    ['en', 'Notifications, 0 unread'],
    ['zh-Hans', '通知，0 条未读'],
    ['zh-Hant', '通知，0 則未讀'],
  ] as const)('renders a named bell button and a polite live region (%s)', (locale, label) => {
    const html = render(locale, <NotificationBell locale={locale} />)
    expect(html).toContain(`aria-label="${label}"`)
    expect(html).toMatch(/<button[^>]*data-testid="notification-bell"/)
    expect(html).toContain('aria-live="polite"')
  })

  it('reports the connection as connecting while rendering on the server', () => {
    expect(render('en', <State />)).toContain('connecting:0')
  })
})
