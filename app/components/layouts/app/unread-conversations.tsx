import { useCallback, useEffect, useRef, useState } from 'react'
import type { InboxChange } from '../../../modules/messaging/index'
import { useTranslation } from '../../../platform/i18n/react'
import { useRealtimeConnection, useRealtimeEvent } from '../../../platform/realtime/hooks'

/** A burst of inbox changes (a busy channel) costs one read. */
const REFRESH_DEBOUNCE_MS = 500

/** Reads the count of conversations with unread messages from the API's badge endpoint; null when it cannot. */
export async function fetchUnreadConversations(signal?: AbortSignal): Promise<number | null> {
  const response = await fetch('/api/v1/conversations/unread', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    cache: 'no-store',
    signal,
  })
  if (!response.ok) return null
  const body = (await response.json()) as { conversations?: unknown }
  return typeof body.conversations === 'number' ? body.conversations : null
}

/**
 * How many conversations hold messages the person has not read: read after mount and after every reconnect, and again
 * whenever someone else writes in one of their conversations or they read one (`inbox:changed`).
 */
export function useUnreadConversations(): number | null {
  const [count, setCount] = useState<number | null>(null)
  const connection = useRealtimeConnection()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const refresh = useCallback(() => {
    const controller = new AbortController()
    fetchUnreadConversations(controller.signal).then(setCount, () => undefined)
    return () => controller.abort()
  }, [])
  useEffect(() => refresh(), [refresh, connection.reconnects])
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])
  useRealtimeEvent<InboxChange>('inbox:changed', (change) => {
    if (change.authorId !== null && change.authorId === connection.userId) return
    clearTimeout(timer.current ?? undefined)
    timer.current = setTimeout(refresh, REFRESH_DEBOUNCE_MS)
  })
  return count
}

/** The sidebar's count of unread conversations beside "Inbox"; nothing while there is none. */
export function UnreadConversationsBadge() {
  const { t } = useTranslation('common')
  const count = useUnreadConversations()
  if (!count) return null
  return (
    <span className="ms-auto rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground" aria-live="polite">
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('nav.unreadConversations', { count })}</span>
    </span>
  )
}
