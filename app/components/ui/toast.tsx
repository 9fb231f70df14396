import { lazy, Suspense, useEffect, useState } from 'react'
import type { ExternalToast } from 'sonner'

const LazyToaster = lazy(() => import('./toaster'))

type Kind = 'message' | 'success' | 'error' | 'info' | 'warning'

let requestHost: (() => void) | null = null
let resolveHostReady: () => void = () => {}
const hostReady = new Promise<void>((resolve) => {
  resolveHostReady = resolve
})

async function show(kind: Kind, message: string, options?: ExternalToast): Promise<void> {
  requestHost?.()
  await hostReady
  const { toast: sonner } = await import('sonner')
  sonner[kind](message, options)
}

/**
 * Shows a toast (§9: bottom right, at most 5, 5000 ms). Sonner and its host load only when the first
 * toast is shown, so pages that never toast do not ship it.
 */
export const toast = {
  message: (message: string, options?: ExternalToast) => show('message', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
}

/** Mount once in the root; it renders the toaster the first time a toast is requested. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    requestHost = () => setWanted(true)
    return () => {
      requestHost = null
    }
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster onReady={resolveHostReady} />
    </Suspense>
  )
}
