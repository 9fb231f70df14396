import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { type Locale, localizePath } from '../../../platform/i18n/locales'

/** What the team management action answers: the intent it ran and, on failure, field and form errors. */
export type TeamActionResult =
  | { ok: true; intent: string; email?: string }
  | { ok: false; intent?: string; fieldErrors: Record<string, string[]>; formError?: { code: string; message: string; reasons?: string[] } }

/** Every team form posts to the management page's action, so the directory page reuses it. */
export function teamActionPath(locale: Locale): string {
  return localizePath(locale, '/app/settings/team')
}

/**
 * A fetcher for one team form: `failure` holds its last error; `onSuccess` runs once per successful
 * answer (with the success toast when a message is given).
 */
export function useTeamFetcher(
  options: { key?: string; successMessage?: (result: Extract<TeamActionResult, { ok: true }>) => string; onSuccess?: () => void } = {},
) {
  const fetcher = useFetcher<TeamActionResult>(options.key ? { key: options.key } : undefined)
  const handled = useRef<TeamActionResult | undefined>(undefined)
  const { successMessage, onSuccess } = options
  const result = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result?.ok || handled.current === result) return
    handled.current = result
    if (successMessage) void toast.success(successMessage(result))
    onSuccess?.()
  }, [fetcher.state, result, successMessage, onSuccess])
  const failure = fetcher.state === 'idle' && result && !result.ok ? result : undefined
  return { fetcher, failure, busy: fetcher.state !== 'idle' }
}
