import { Bell } from 'lucide-react'
import { Form, Link, useRevalidator } from 'react-router'
import { FormError } from '../../components/form-error'
import { AppPage, ListResults } from '../../components/layouts/app-page'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button, buttonClasses } from '../../components/ui/button'
import { cn } from '../../components/ui/cn'
import { EmptyState } from '../../components/ui/empty-state'
import { Pagination } from '../../components/ui/pagination'
import { useFormatter } from '../../components/use-formatter'
import { requireActor } from '../../modules/companies/index.server'
import { listNotifications, markNotificationsRead, NOTIFICATIONS_PAGE_SIZE } from '../../modules/kernel/index.server'
import { failure, failureFromError, withRouteErrors } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useRealtimeConnection, useRealtimeEvent } from '../../platform/realtime/hooks'
import { noticeConcerns } from '../../platform/realtime/realtime-core'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import { PAGE_MESSAGES } from '../page-messages'
import type { Route } from './+types/notifications'

const MAX_OFFSET = 1_000_000

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const unreadOnly = url.searchParams.get('unread') === '1'
  const requested = Number.parseInt(url.searchParams.get('offset') ?? '0', 10)
  const offset = Number.isFinite(requested) ? Math.min(Math.max(requested, 0), MAX_OFFSET) : 0
  const page = await withRouteErrors(() => listNotifications(ctx, { limit: NOTIFICATIONS_PAGE_SIZE, offset, unreadOnly }))
  return {
    ...pageData(ctx.locale, 'notifications', 'metaTitle', PAGE_MESSAGES.notificationList),
    unreadOnly,
    offset,
    limit: NOTIFICATIONS_PAGE_SIZE,
    total: page.total,
    unread: page.unread,
    items: page.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '').trim()
  if (intent !== 'read' && intent !== 'readAll') return failure({ ok: false, fieldErrors: {} }, 400)
  if (intent === 'read' && (!id || id.length > 64)) return failure({ ok: false, fieldErrors: { ids: ['validation.ids'] } }, 422)
  try {
    return { ok: true as const, marked: await markNotificationsRead(ctx, intent === 'read' ? [id] : undefined) }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function NotificationsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('notifications')
  const { locale } = useRootData()
  const format = useFormatter()
  const revalidator = useRevalidator()
  const { userId } = useRealtimeConnection()
  // A new notification for me re-reads the list (the unread count above it is a polite live region).
  useRealtimeEvent<{ exceptUserId: string | null; userIds: string[] | null }>('notification:new', (signal) => {
    if (noticeConcerns(signal, userId) && revalidator.state === 'idle') void revalidator.revalidate()
  })
  const base = localizePath(locale, '/app/notifications')
  const href = (offset: number, unreadOnly = data.unreadOnly) => {
    const query = new URLSearchParams()
    if (unreadOnly) query.set('unread', '1')
    if (offset > 0) query.set('offset', String(offset))
    return query.size > 0 ? `${base}?${query}` : base
  }
  const marked = actionData && 'marked' in actionData ? actionData.marked : undefined
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const invalid = actionData && 'fieldErrors' in actionData && actionData.fieldErrors.ids ? t('validation.ids') : undefined

  return (
    <AppPage
      title={t('title')}
      description={t('description')}
      actions={
        <>
          {data.unread > 0 ? (
            <Form method="post" action={href(data.offset)}>
              <Button type="submit" name="intent" value="readAll" variant="secondary">
                {t('markAllRead')}
              </Button>
            </Form>
          ) : null}
          <Link to={localizePath(locale, '/app/notifications/settings')} className={buttonClasses('ghost', undefined, 'sm')}>
            {t('settings.link')}
          </Link>
        </>
      }
    >
      {marked !== undefined ? <Alert tone="success">{t('markedRead', { count: format.number(marked) })}</Alert> : null}
      <FormError error={formError} />
      {invalid ? <Alert tone="error">{invalid}</Alert> : null}

      <nav aria-label={t('filterLabel')} className="flex flex-wrap items-center gap-2">
        <Link
          to={href(0, false)}
          aria-current={data.unreadOnly ? undefined : 'page'}
          className={buttonClasses(data.unreadOnly ? 'ghost' : 'secondary', undefined, 'sm')}
        >
          {t('showAll')}
        </Link>
        <Link
          to={href(0, true)}
          aria-current={data.unreadOnly ? 'page' : undefined}
          className={buttonClasses(data.unreadOnly ? 'secondary' : 'ghost', undefined, 'sm')}
        >
          {t('unreadOnly')}
        </Link>
        <p className="ms-auto text-sm text-muted-foreground" aria-live="polite">
          {t('unreadCount', { count: format.number(data.unread) })}
        </p>
      </nav>

      <ListResults id="notifications-list-title" label={t('listLabel')}>
        {data.items.length === 0 ? (
          <EmptyState
            icon={Bell}
            title={data.unreadOnly ? t('emptyUnread') : t('empty')}
            description={t('emptyHint')}
            action={
              data.unreadOnly && data.total === 0 ? (
                <Link to={href(0, false)} className={buttonClasses('secondary')}>
                  {t('showAll')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {data.items.map((item) => (
              <li key={item.id} className={cn('flex flex-wrap items-start gap-3 px-4 py-3', !item.read && 'bg-muted/50')}>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {item.read ? <Badge variant="outline">{t('read')}</Badge> : <Badge variant="default">{t('unread')}</Badge>}
                    <h3 className={cn('text-sm', item.read ? 'font-normal' : 'font-semibold')}>
                      {item.link ? (
                        <Link to={localizePath(locale, item.link)} className="underline-offset-4 hover:underline">
                          {item.title}
                        </Link>
                      ) : (
                        item.title
                      )}
                    </h3>
                  </div>
                  <p className="text-sm text-muted-foreground">{item.body}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={item.createdAt}>{t('receivedAt', { date: format.dateTime(item.createdAt) })}</time>
                  </p>
                </div>
                {item.read ? null : (
                  <Form method="post" action={href(data.offset)}>
                    <input type="hidden" name="id" value={item.id} />
                    <Button type="submit" name="intent" value="read" size="sm" variant="ghost" aria-label={t('markReadLabel', { title: item.title })}>
                      {t('markRead')}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={(offset) => href(offset)} />
      </ListResults>
    </AppPage>
  )
}
