import type { HttpClient } from '../../platform/http/client'
import { DEFAULT_PREFERENCES, type Preferences } from './preferences'

export const PREFERENCES_PATH = '/api/user/profiles'
/** §8: what the state holds when a failure carries no message of its own. */
export const LOAD_FAILED_MESSAGE = '加载用户偏好设置失败'
export const SAVE_FAILED_MESSAGE = '保存用户偏好设置失败'

export type PreferencesState = { preferences: Preferences; loading: boolean; error: string | null }

export type PreferencesStore = {
  getState(): PreferencesState
  subscribe(listener: () => void): () => void
  /** GETs the preferences; they replace the stored ones, or the error message is stored. */
  load(): Promise<void>
  /** PUTs the preferences (with the browser's zone while none is chosen); resolves false on failure. */
  save(preferences: Preferences): Promise<boolean>
  /** Adopts preferences the server rendered with, without a request. */
  seed(preferences: Preferences): void
}

type StoreOptions = { initial?: Preferences; http?: HttpClient; browserTimeZone?: () => string }

// Every page holds the store but few pages load or save through it: the HTTP client is fetched on first use.
const lazyHttp: HttpClient = (path, options) => import('../../platform/http/client').then(({ http }) => http(path, options))

const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

const samePreferences = (a: Preferences, b: Preferences) => (Object.keys(a) as Array<keyof Preferences>).every((key) => a[key] === b[key])

/** The browser's preferences state (§3, §4), framework-free; React reads it through usePreferences(). */
export function createPreferencesStore(options: StoreOptions = {}): PreferencesStore {
  const http = options.http ?? lazyHttp
  const browserTimeZone = options.browserTimeZone ?? deviceTimeZone
  const listeners = new Set<() => void>()
  let state: PreferencesState = { preferences: options.initial ?? DEFAULT_PREFERENCES, loading: false, error: null }
  let loadsInFlight = 0
  // Only the answer to the latest request may replace the state: an older one is stale.
  let latestRequest = 0

  const update = (patch: Partial<PreferencesState>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  async function request(send: () => Promise<Preferences>, failedMessage: string): Promise<boolean> {
    const ticket = ++latestRequest
    try {
      const preferences = await send()
      if (ticket === latestRequest) update({ preferences, error: null })
      return true
    } catch (error) {
      if (ticket === latestRequest) update({ error: messageOf(error, failedMessage) })
      return false
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async load() {
      loadsInFlight += 1
      update({ loading: true })
      await request(() => http<Preferences>(PREFERENCES_PATH), LOAD_FAILED_MESSAGE)
      loadsInFlight -= 1
      update({ loading: loadsInFlight > 0 })
    },
    save(preferences) {
      const body = { ...preferences, timezone: preferences.timezone ?? browserTimeZone() }
      return request(() => http<Preferences>(PREFERENCES_PATH, { method: 'PUT', body }), SAVE_FAILED_MESSAGE)
    },
    seed(preferences) {
      if (!samePreferences(state.preferences, preferences)) update({ preferences })
    },
  }
}
