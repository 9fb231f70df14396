import { Card, CardTitle } from '../../../components/ui/card'
import type { Locale } from '../../../platform/i18n/locales'
import type { ThreadTarget } from '../messaging.types'
import { OpenConversation } from './open-conversation'

export type PartyThread = { id: string; name: string; entry: { target: ThreadTarget; existingId: string | null } }

/**
 * A card listing the other parties of a record (the suppliers of an RFQ, the quotations being compared), each with
 * the button that opens or starts its conversation. Nothing renders without parties.
 */
export function PartyConversations({ locale, titleId, title, threads }: { locale: Locale; titleId: string; title: string; threads: PartyThread[] }) {
  if (threads.length === 0) return null
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3">
      <CardTitle id={titleId}>{title}</CardTitle>
      <ul className="flex flex-col divide-y divide-border">
        {threads.map((thread) => (
          <li key={thread.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>{thread.name}</span>
            <OpenConversation
              locale={locale}
              target={thread.entry.target}
              existingId={thread.entry.existingId}
              labelKey="entry.message"
              subject={thread.name}
            />
          </li>
        ))}
      </ul>
    </Card>
  )
}
