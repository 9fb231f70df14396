import { useTranslation } from '../../../platform/i18n/react'
import { useRealtimeStatus } from '../../../platform/realtime/use-realtime-status'
import { cn } from '../../ui/cn'

/** Whether this tab receives live updates: a dot and a word in the footer, so a lost connection never goes unnoticed. */
export function LiveStatus() {
  const { t } = useTranslation('common')
  const { state } = useRealtimeStatus()
  const label = state === 'connected' ? t('live.connected') : state === 'offline' ? t('live.offline') : t('live.connecting')
  return (
    <section aria-label={t('live.title')} className="flex items-center gap-1.5 text-xs">
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', state === 'connected' ? 'bg-status-accept' : state === 'offline' ? 'bg-status-reject' : 'bg-status-pending')}
      />
      <span role="status" data-realtime-state={state} title={t('live.title')}>
        {label}
      </span>
    </section>
  )
}
