import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigation } from 'react-router'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useRealtimeConnection, useRealtimeEvent } from '../../platform/realtime/hooks'
import { noticeConcerns } from '../../platform/realtime/realtime-core'
import { Button, buttonClasses } from '../ui/button'
import { cn } from '../ui/cn'
import { SpriteIcon } from '../ui/sprite-icon'
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover'
import { useFormatter } from '../use-formatter'
import { type BellPage, fetchLatestNotifications, markAllNotificationsRead } from './notifications-api'

type NoticeSignal = { companyId: string; kind: string; exceptUserId: string | null; userIds: string[] | null }
type LoadState = 'idle' | 'loading' | 'failed'

/**
 * The bell in the top bar: the unread count (fetched after mount, so pages cost no extra query), a popover with
 * the latest notifications, "mark all as read" and a link to the full list. New notifications arrive over the
 * realtime connection: the bell re-reads and announces them politely.
 */
export function NotificationBell({ locale }: { locale: Locale }) {
  const { t } = useTranslation('common')
  const format = useFormatter()
  const connection = useRealtimeConnection()
  const navigation = useNavigation()
  const [open, setOpen] = useState(false)
  const [page, setPage] = useState<(BellPage & { fetchedAt: number }) | null>(null)
  const [load, setLoad] = useState<LoadState>('idle')
  const [marking, setMarking] = useState(false)
  const [markFailed, setMarkFailed] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const request = useRef<AbortController | null>(null)
  const unread = useRef<number | null>(null)

  const refresh = useCallback(
    (announce = false): Promise<void> => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      return fetchLatestNotifications(controller.signal).then(
        (next) => {
          if (controller.signal.aborted) return
          if (announce && unread.current !== null && next.unread > unread.current)
            setAnnouncement(t('notificationBell.announce', { count: format.number(next.unread) }))
          unread.current = next.unread
          setPage({ ...next, fetchedAt: Date.now() })
          setLoad('idle')
        },
        () => {
          if (!controller.signal.aborted) setLoad('failed')
        },
      )
    },
    [t, format],
  )

  // First read after mount, and again after every reconnect (notifications may have arrived meanwhile).
  useEffect(() => {
    void refresh()
    return () => request.current?.abort()
  }, [refresh, connection.reconnects])

  // A form submission (e.g. "mark read" on the notifications page) may change the count.
  const submitting = navigation.state !== 'idle' && Boolean(navigation.formMethod) && navigation.formMethod?.toUpperCase() !== 'GET'
  const wasSubmitting = useRef(false)
  useEffect(() => {
    if (wasSubmitting.current && !submitting) void refresh()
    wasSubmitting.current = submitting
  }, [submitting, refresh])

  const userId = connection.userId
  useRealtimeEvent<NoticeSignal>('notification:new', (signal) => {
    if (noticeConcerns(signal, userId)) void refresh(true)
  })

  const markAll = async () => {
    setMarking(true)
    setMarkFailed(false)
    try {
      await markAllNotificationsRead()
      await refresh()
    } catch {
      setMarkFailed(true)
    } finally {
      setMarking(false)
    }
  }

  const count = page?.unread ?? 0
  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (next) void refresh()
        }}
      >
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={t('notificationBell.label', { count, unread: format.number(count) })}
            data-testid="notification-bell"
          >
            <SpriteIcon name="bell" />
            {count > 0 ? (
              <span
                aria-hidden
                className="absolute -top-0.5 -end-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-destructive-foreground"
              >
                {count > 99 ? '99+' : format.number(count)}
              </span>
            ) : null}
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-80 p-0" aria-labelledby="notification-bell-title">
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <h2 id="notification-bell-title" className="text-sm font-semibold">
              {t('notificationBell.title')}
            </h2>
            {count > 0 ? (
              <Button variant="ghost" size="sm" onClick={() => void markAll()} disabled={marking}>
                {t('notificationBell.markAllRead')}
              </Button>
            ) : null}
          </div>
          {markFailed ? (
            <p role="alert" className="px-4 py-2 text-sm text-destructive">
              {t('notificationBell.markFailed')}
            </p>
          ) : null}
          {page === null ? (
            load === 'failed' ? (
              <div className="flex flex-col items-start gap-2 px-4 py-3 text-sm">
                <p role="alert">{t('notificationBell.loadFailed')}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setLoad('loading')
                    void refresh()
                  }}
                >
                  {t('notificationBell.retry')}
                </Button>
              </div>
            ) : (
              <p className="px-4 py-3 text-sm text-muted-foreground" role="status">
                {t('notificationBell.loading')}
              </p>
            )
          ) : page.items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-muted-foreground">{t('notificationBell.empty')}</p>
          ) : (
            <ul aria-label={t('notificationBell.listLabel')} className="max-h-96 divide-y divide-border overflow-y-auto">
              {page.items.map((item) => (
                <li key={item.id} className={cn('relative px-4 py-2.5', !item.read && 'bg-muted/50')}>
                  <Link
                    to={localizePath(locale, item.link)}
                    onClick={() => setOpen(false)}
                    className="flex flex-col gap-0.5 rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className={cn('flex items-center gap-2 text-sm', item.read ? 'font-normal' : 'font-semibold')}>
                      {item.read ? null : (
                        <>
                          <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />
                          <span className="sr-only">{t('notificationBell.unread')}: </span>
                        </>
                      )}
                      <span className="min-w-0 truncate">{item.title}</span>
                    </span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>
                    <time dateTime={item.createdAt} title={format.dateTime(item.createdAt)} className="text-xs text-muted-foreground">
                      {format.relativeTime(item.createdAt, page.fetchedAt)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-border px-4 py-2">
            <Link to={localizePath(locale, '/app/notifications')} onClick={() => setOpen(false)} className={buttonClasses('ghost', 'w-full', 'sm')}>
              {t('notificationBell.seeAll')}
            </Link>
          </div>
        </PopoverContent>
      </Popover>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
    </>
  )
}
