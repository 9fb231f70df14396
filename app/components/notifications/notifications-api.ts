/**
 * The bell's calls to the notifications API, made with the session cookie. Writes send JSON from our own origin
 * (the browser adds the Origin header the API's CSRF check requires); reads are never cached.
 */

/** How many notifications the bell shows. */
export const BELL_LIMIT = 8

export type BellNotification = { id: string; kind: string; title: string; body: string; link: string; read: boolean; createdAt: string }
export type BellPage = { items: BellNotification[]; unread: number }

type ApiNotification = { id: string; kind: string; title: string; body: string; link: string; read: boolean; created_at: string }

/** Reads the API's page (snake_case) into the bell's shape; throws on anything else. */
export function parseBellPage(body: unknown): BellPage {
  const page = body as { items?: ApiNotification[]; unread?: number } | null
  if (!page || !Array.isArray(page.items) || typeof page.unread !== 'number') throw new Error('Unexpected notifications response')
  return {
    unread: page.unread,
    items: page.items.map((item) => ({
      id: item.id,
      kind: item.kind,
      title: item.title,
      body: item.body,
      link: item.link,
      read: item.read,
      createdAt: item.created_at,
    })),
  }
}

/** The latest notifications and the unread count. */
export async function fetchLatestNotifications(signal?: AbortSignal): Promise<BellPage> {
  const response = await fetch(`/api/v1/notifications?limit=${BELL_LIMIT}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    cache: 'no-store',
    signal,
  })
  if (!response.ok) throw new Error(`Notifications request failed (${response.status})`)
  return parseBellPage(await response.json())
}

/** Marks all of the caller's notifications read; resolves with how many changed. */
export async function markAllNotificationsRead(): Promise<number> {
  const response = await fetch('/api/v1/notifications/read', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  })
  if (!response.ok) throw new Error(`Mark read failed (${response.status})`)
  const body = (await response.json()) as { marked?: number }
  return body.marked ?? 0
}
