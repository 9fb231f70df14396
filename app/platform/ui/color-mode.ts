/** §1/§3/§4 colour mode: the preference, the resolved value, and whether either is still unknown or forced. */
export const COLOR_PREFERENCES = ['system', 'light', 'dark'] as const
export type ColorPreference = (typeof COLOR_PREFERENCES)[number]
export type ColorValue = 'light' | 'dark'

export type ColorModeState = {
  preference: ColorPreference
  /** The mode in effect; meaningless while `unknown`. */
  value: ColorValue
  /** True until the system preference has been read on the client (only when the preference is `system`). */
  unknown: boolean
  /** True when the route forces a mode through its metadata. */
  forced: boolean
}

export const COLOR_MODE_COOKIE = 'color_mode'
export const COLOR_MODE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function isColorPreference(value: unknown): value is ColorPreference {
  return typeof value === 'string' && (COLOR_PREFERENCES as readonly string[]).includes(value)
}

/**
 * Resolves the colour mode. A route may force light or dark; forcing `system` is ignored (§1).
 * `systemPrefersDark` is null where it cannot be known (on the server).
 */
export function resolveColorMode(input: { preference: ColorPreference; systemPrefersDark: boolean | null; forced?: ColorPreference | null }): ColorModeState {
  const { preference, systemPrefersDark, forced } = input
  if (forced === 'light' || forced === 'dark') return { preference, value: forced, unknown: false, forced: true }
  if (preference !== 'system') return { preference, value: preference, unknown: false, forced: false }
  if (systemPrefersDark === null) return { preference, value: 'light', unknown: true, forced: false }
  return { preference, value: systemPrefersDark ? 'dark' : 'light', unknown: false, forced: false }
}

/** The preference stored in the cookie, or `system`. */
export function colorPreferenceFromCookie(value: string | undefined): ColorPreference {
  return isColorPreference(value) ? value : 'system'
}
