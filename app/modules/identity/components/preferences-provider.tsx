import { type ReactNode, useEffect, useState } from 'react'
import type { Preferences } from '../preferences'
import { createPreferencesStore } from '../preferences-store'
import { PreferencesContext } from './use-preferences'

/** Holds the preferences store, seeded with what the server rendered so the first render already has them. */
export function PreferencesProvider({ initial, children }: { initial?: Preferences; children: ReactNode }) {
  const [store] = useState(() => createPreferencesStore({ initial }))
  useEffect(() => {
    if (initial) store.seed(initial)
  }, [store, initial])
  return <PreferencesContext value={store}>{children}</PreferencesContext>
}
