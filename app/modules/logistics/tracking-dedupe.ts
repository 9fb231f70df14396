// One carrier event is stored once, whatever route it came by: its key is the carrier's event id when it has one,
// else a digest of what makes it that event.
import { createHash } from 'node:crypto'

export type EventIdentity = { externalId?: string | null; occurredAt: Date; status: string | null; location: string; description: string }

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** `id:<carrier id>`, or `h:<sha-256 of minute, status, place and description>` (case and spacing ignored). */
export function dedupeKey(event: EventIdentity): string {
  if (event.externalId?.trim()) return `id:${event.externalId.trim()}`
  const minute = Math.floor(event.occurredAt.getTime() / 60_000)
  const digest = createHash('sha256')
    .update([minute, event.status ?? '', normalize(event.location), normalize(event.description)].join('\u0000'))
    .digest('base64url')
  return `h:${digest}`
}
