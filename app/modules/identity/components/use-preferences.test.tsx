import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Preferences } from '../preferences'
import { PreferencesProvider } from './preferences-provider'
import { usePreferences } from './use-preferences'

const SERVER: Preferences = {
  language: 'zh-Hant',
  currency: 'TWD',
  timezone: 'Asia/Taipei',
  date_format: 'long',
  time_format: 'short',
  hour_cycle: 'h12',
  interface_locale: null,
}

function Probe() {
  const { preferences, loading, error } = usePreferences()
  return <p>{`${preferences.currency} ${preferences.timezone ?? 'device'} ${String(loading)} ${error ?? 'no error'}`}</p>
}

describe('usePreferences', () => {
  it('renders the server-rendered preferences on the first (server) render', () => {
    expect(
      renderToString(
        <PreferencesProvider initial={SERVER}>
          <Probe />
        </PreferencesProvider>,
      ),
    ).toContain('TWD Asia/Taipei false no error')
  })

  it('renders the defaults when the server had none (signed out)', () => {
    expect(
      renderToString(
        <PreferencesProvider>
          <Probe />
        </PreferencesProvider>,
      ),
    ).toContain('USD device false no error')
  })

  it('needs a provider', () => {
    expect(() => renderToString(<Probe />)).toThrow(/PreferencesProvider/)
  })
})
