import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { type Locale, localizePath } from '../../../platform/i18n/locales'

/** What the user management action answers: the intent it ran and, on failure, field and form errors. */
export type UserAdminActionResult =
  | { ok: true; intent: string }
  | { ok: false; intent?: string; fieldErrors: Record<string, string[]>; formError?: { code: string; message: string; reasons?: string[] } }

export function userAdminActionPath(locale: Locale): string {
  return localizePath(locale, '/app/users')
}

/** A fetcher for one user management form: `failure` holds its last error; on success it toasts once and runs `onSuccess`. */
export function useUserAdminFetcher({ key, successMessage, onSuccess }: { key: string; successMessage: string; onSuccess: () => void }) {
  const fetcher = useFetcher<UserAdminActionResult>({ key })
  const handled = useRef<UserAdminActionResult | undefined>(undefined)
  const result = fetcher.data
  useEffect(() => {
    if (fetcher.state !== 'idle' || !result?.ok || handled.current === result) return
    handled.current = result
    void toast.success(successMessage)
    onSuccess()
  }, [fetcher.state, result, successMessage, onSuccess])
  const failure = fetcher.state === 'idle' && result && !result.ok ? result : undefined
  return { fetcher, failure, busy: fetcher.state !== 'idle' }
}
