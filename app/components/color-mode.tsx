import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import { type ColorModeState, type ColorPreference, resolveColorMode } from '../platform/ui/color-mode'

type ColorModeContextValue = ColorModeState & { setPreference: (preference: ColorPreference) => void }

const ColorModeContext = createContext<ColorModeContextValue | null>(null)

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The class on <html> that selects the colour scheme: the forced value, else the preference. */
export function htmlColorClass(preference: ColorPreference, forced: ColorPreference | null | undefined): ColorPreference {
  return forced === 'light' || forced === 'dark' ? forced : preference
}

/**
 * Holds the colour mode of the page. The server already rendered the right class on <html> from the
 * cookie (system follows the OS through CSS), so nothing flashes; the client only learns what `system`
 * resolves to and applies changes.
 */
export function ColorModeProvider({
  initialPreference,
  forced,
  children,
}: {
  initialPreference: ColorPreference
  forced?: ColorPreference | null
  children: ReactNode
}) {
  const [preference, setPreferenceState] = useState<ColorPreference>(initialPreference)
  const [systemPrefersDark, setSystemPrefersDark] = useState<boolean | null>(null)

  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY)
    const update = () => setSystemPrefersDark(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])

  useEffect(() => {
    const root = document.documentElement
    root.classList.remove('light', 'dark', 'system')
    root.classList.add(htmlColorClass(preference, forced))
  }, [preference, forced])

  // Only the page changes here: the switcher posts the choice to /color-mode, whose HttpOnly cookie the server reads.
  const value = useMemo(
    () => ({ ...resolveColorMode({ preference, systemPrefersDark, forced }), setPreference: setPreferenceState }),
    [preference, systemPrefersDark, forced],
  )
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext)
  if (!value) throw new Error('useColorMode must be used inside ColorModeProvider')
  return value
}
