import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { ServiceOrderEventType } from '../service-order.machine'

export type ServiceTimelineEvent = {
  id: string
  type: ServiceOrderEventType
  actorName: string | null
  actorCompanyName: string | null
  note: string
  createdAt: string | Date
}

/** The order's timeline, oldest first: what happened, who did it, when, and the reason given. */
export function ServiceOrderTimeline({ events }: { events: ServiceTimelineEvent[] }) {
  const { t } = useTranslation('services')
  const format = useFormatter()
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{t('detail.noEvents')}</p>
  return (
    <ol className="flex flex-col gap-3 border-s border-border ps-4">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-0.5">
          <span className="font-medium">{t(`events.${event.type}`)}</span>
          <span className="text-xs text-muted-foreground">
            <time dateTime={new Date(event.createdAt).toISOString()}>{format.dateTime(event.createdAt)}</time>
            {event.actorName || event.actorCompanyName
              ? ` · ${t('detail.eventBy', { name: event.actorName ?? '', company: event.actorCompanyName ?? '' })}`
              : null}
          </span>
          {event.note ? <span className="text-sm">{event.note}</span> : null}
        </li>
      ))}
    </ol>
  )
}
