import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PreferencesState, PreferencesStore } from '../preferences-store'

/** One store per rendered app (never a module singleton: on the server that would mix users). */
export const PreferencesContext = createContext<PreferencesStore | null>(null)

/** The signed-in user's preferences with the loading flag and error, plus load() and save(). */
export function usePreferences(): PreferencesState & Pick<PreferencesStore, 'load' | 'save'> {
  const store = useContext(PreferencesContext)
  if (!store) throw new Error('usePreferences() needs a <PreferencesProvider> above it')
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return { ...state, load: store.load, save: store.save }
}
