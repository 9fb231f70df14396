import { SharedCache } from '../../platform/shared-cache.server'
import type { Preferences } from './preferences'

const CHANNEL = 'tradeport:preferences-changed'
const TTL_MS = 60_000

/** Preferences by user id; a save drops the entry on every instance and keeps the saved value here. */
export class PreferencesCache extends SharedCache<Preferences> {
  constructor(ttlMs = TTL_MS, now: () => number = Date.now) {
    super(CHANNEL, ttlMs, now)
  }

  saved(userId: string, preferences: Preferences): void {
    this.changed([userId], preferences)
  }
}

const globalPreferences = globalThis as unknown as { __tradeportPreferencesCache?: PreferencesCache }

/** The instance's cache; it starts listening for other instances' saves on first use. */
export function preferencesCache(): PreferencesCache {
  if (!globalPreferences.__tradeportPreferencesCache) {
    globalPreferences.__tradeportPreferencesCache = new PreferencesCache()
    globalPreferences.__tradeportPreferencesCache.listen()
  }
  return globalPreferences.__tradeportPreferencesCache
}
