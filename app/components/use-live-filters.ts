import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from './use-hydrated'

/** Typing in a text or number field applies it after this pause, not on every keystroke. */
export const TYPING_PAUSE_MS = 600

/**
 * A GET filter form that applies as it changes: a choice (select, checkbox) at once, typed text after a pause and
 * only when valid. `navigateTo` performs the navigation the form's values (and `overrides`) ask for and answers its
 * search (`?…`, or '' for none), or null when it stays. A navigation the form did not make itself (Back, a "Clear
 * filters" link) bumps `key`: re-mount the form with it so its uncontrolled fields show the new values. Before
 * hydration the form has to be submitted with its button.
 */
export function useLiveFilters(navigateTo: (form: HTMLFormElement, overrides?: Record<string, string>) => string | null) {
  const location = useLocation()
  const hydrated = useHydrated()
  // The search of the form's own last navigation (at first, the one it was rendered with).
  const own = useRef(location.search)
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [key, setKey] = useState(0)
  useEffect(() => {
    if (location.search === own.current) return
    own.current = location.search
    setKey((current) => current + 1)
  }, [location.search])
  useEffect(() => () => clearTimeout(typing.current), [])

  const apply = (form: HTMLFormElement, overrides?: Record<string, string>) => {
    clearTimeout(typing.current)
    const search = navigateTo(form, overrides)
    if (search !== null) own.current = search
  }
  return {
    key,
    hydrated,
    /** Applies the form now (its submit handler, a choice made outside its fields). */
    apply,
    /** Notes that the form itself is navigating to `search` (a native submission), so its fields stay as they are. */
    expectNavigation(search: string) {
      clearTimeout(typing.current)
      own.current = search
    },
    onChange(event: ChangeEvent<HTMLFormElement>) {
      const field = event.target as unknown as HTMLInputElement | HTMLSelectElement
      const form = event.currentTarget
      clearTimeout(typing.current)
      if (field instanceof HTMLSelectElement || field.type === 'checkbox' || field.type === 'radio') return apply(form)
      // Text still being typed (or invalid) is not applied: the button or Enter shows what is wrong.
      if (field.checkValidity()) typing.current = setTimeout(() => apply(form), TYPING_PAUSE_MS)
    },
  }
}
