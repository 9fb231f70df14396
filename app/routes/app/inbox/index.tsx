import { Inbox, Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, Link, useRevalidator } from 'react-router'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { type ConversationKind, INBOX_PAGE_SIZE, INBOX_TABS, type InboxTab, SEARCH_PAGE_SIZE } from '../../../modules/messaging/index'
import { listInbox, searchMessages } from '../../../modules/messaging/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useRealtimeEvent } from '../../../platform/realtime/hooks'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/index'

const MAX_OFFSET = 1_000_000
const SEARCH_MIN_CHARS = 2
const SEARCH_MAX_CHARS = 100
/** Many `inbox:changed` events in a burst (a busy channel) cost one re-read. */
const REVALIDATE_DEBOUNCE_MS = 400

const isTab = (value: string | null): value is InboxTab => value !== null && (INBOX_TABS as readonly string[]).includes(value)

function offsetParam(value: string | null): number {
  const requested = Number.parseInt(value ?? '0', 10)
  return Number.isFinite(requested) ? Math.min(Math.max(requested, 0), MAX_OFFSET) : 0
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const tabParam = url.searchParams.get('tab')
  const tab: InboxTab = isTab(tabParam) ? tabParam : 'all'
  const offset = offsetParam(url.searchParams.get('offset'))
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_CHARS)
  const base = { ...pageData(ctx.locale, 'chat', 'inbox.metaTitle', PAGE_MESSAGES.inboxList), tab, offset, q }
  if (q.length >= SEARCH_MIN_CHARS) {
    const results = await withRouteErrors(() => searchMessages(ctx, { q, limit: SEARCH_PAGE_SIZE, offset }))
    return { ...base, mode: 'search' as const, results, inbox: null }
  }
  const kind: ConversationKind | undefined = tab === 'all' || tab === 'unread' ? undefined : tab
  const inbox = await withRouteErrors(() => listInbox(ctx, { limit: INBOX_PAGE_SIZE, offset, unreadOnly: tab === 'unread', kind }))
  return { ...base, mode: 'inbox' as const, results: null, inbox, tooShort: q.length > 0 }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Re-reads the inbox when one of my conversations changes (new message, read elsewhere), debounced. */
function useLiveInbox() {
  const revalidator = useRevalidator()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useRealtimeEvent('inbox:changed', () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void revalidator.revalidate(), REVALIDATE_DEBOUNCE_MS)
  })
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
}

export default function InboxPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('chat')
  const { locale } = useRootData()
  const format = useFormatter()
  useLiveInbox()
  const base = localizePath(locale, '/app/inbox')
  const href = (changes: { tab?: InboxTab; offset?: number; q?: string }) => {
    const query = new URLSearchParams()
    const tab = changes.tab ?? data.tab
    const q = changes.q ?? ''
    if (tab !== 'all') query.set('tab', tab)
    if (q) query.set('q', q)
    if (changes.offset) query.set('offset', String(changes.offset))
    return query.size > 0 ? `${base}?${query}` : base
  }
  const conversationHref = (id: string) => localizePath(locale, `/app/inbox/${encodeURIComponent(id)}`)

  return (
    <AppPage
      title={t('inbox.title')}
      description={t('inbox.description')}
      actions={
        <Link to={localizePath(locale, '/app/channels')} className={buttonClasses('secondary')}>
          {t('inbox.channelsLink')}
        </Link>
      }
    >
      <Form method="get" action={base} role="search" className="flex flex-wrap items-end gap-2">
        {data.tab !== 'all' ? <input type="hidden" name="tab" value={data.tab} /> : null}
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="inbox-search" className="text-sm font-medium">
            {t('inbox.searchLabel')}
          </label>
          <Input
            id="inbox-search"
            type="search"
            name="q"
            defaultValue={data.q}
            maxLength={SEARCH_MAX_CHARS}
            placeholder={t('inbox.searchPlaceholder')}
            aria-describedby="inbox-search-hint"
          />
          <p id="inbox-search-hint" className="text-xs text-muted-foreground">
            {data.mode === 'inbox' && data.tooShort ? t('inbox.searchTooShort', { count: format.number(SEARCH_MIN_CHARS) }) : t('inbox.searchHint')}
          </p>
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {t('inbox.search')}
        </Button>
        {data.q ? (
          <Link to={href({ q: '' })} className={buttonClasses('ghost')}>
            {t('inbox.clearSearch')}
          </Link>
        ) : null}
      </Form>

      {data.mode === 'search' ? (
        <section aria-labelledby="inbox-results-title" className="flex flex-col gap-3">
          <h2 id="inbox-results-title" className="text-lg font-semibold" aria-live="polite">
            {t('inbox.results', { count: format.number(data.results.total), q: data.q })}
          </h2>
          {data.results.items.length === 0 ? (
            <EmptyState icon={Search} title={t('inbox.noResults')} description={t('inbox.noResultsHint')} />
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {data.results.items.map((hit) => (
                <li key={hit.id} className="flex flex-col gap-1 px-4 py-3">
                  <Link
                    to={`${conversationHref(hit.conversation.id)}?at=${hit.seq}#message-${hit.seq}`}
                    className="text-sm font-medium underline-offset-4 hover:underline"
                  >
                    {hit.conversation.title}
                  </Link>
                  <p className="text-sm break-words">
                    <span className="font-medium">{hit.author.name}</span>
                    {hit.author.companyName ? <span className="text-muted-foreground"> · {hit.author.companyName}</span> : null}
                    <span className="text-muted-foreground"> · </span>
                    {hit.body}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <Badge variant="outline">{t(`kinds.${hit.conversation.kind}`)}</Badge>{' '}
                    <time dateTime={hit.createdAt}>{format.dateTime(hit.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Pagination total={data.results.total} offset={data.results.offset} limit={data.results.limit} hrefFor={(offset) => href({ q: data.q, offset })} />
        </section>
      ) : (
        <>
          <nav aria-label={t('inbox.filterLabel')} className="flex flex-wrap items-center gap-2">
            {INBOX_TABS.map((tab) => (
              <Link
                key={tab}
                to={href({ tab })}
                aria-current={data.tab === tab ? 'page' : undefined}
                className={buttonClasses(data.tab === tab ? 'secondary' : 'ghost', undefined, 'sm')}
              >
                {t(`inbox.tabs.${tab}`)}
              </Link>
            ))}
            <p className="ms-auto text-sm text-muted-foreground" aria-live="polite">
              {t('inbox.unreadConversations', { count: format.number(data.inbox.unreadConversations) })}
            </p>
          </nav>

          <ListResults id="inbox-list-title" label={t('inbox.listLabel')}>
            {data.inbox.items.length === 0 ? (
              <EmptyState
                icon={Inbox}
                title={data.tab === 'unread' ? t('inbox.emptyUnread') : data.tab === 'all' ? t('inbox.empty') : t('inbox.emptyKind')}
                description={t('inbox.emptyHint')}
                action={
                  data.tab !== 'all' ? (
                    <Link to={href({ tab: 'all' })} className={buttonClasses('secondary')}>
                      {t('inbox.tabs.all')}
                    </Link>
                  ) : undefined
                }
              />
            ) : (
              <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
                {data.inbox.items.map((item) => (
                  <li key={item.id} className={cn('flex flex-wrap items-start gap-3 px-4 py-3', item.unread > 0 && 'bg-muted/50')}>
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="outline">{t(`kinds.${item.kind}`)}</Badge>
                        <h3 className={cn('text-sm', item.unread > 0 ? 'font-semibold' : 'font-normal')}>
                          <Link
                            to={item.kind === 'channel' ? localizePath(locale, `/app/channels/${encodeURIComponent(item.id)}`) : conversationHref(item.id)}
                            className="underline-offset-4 hover:underline"
                          >
                            {item.kind === 'channel' ? `# ${item.title}` : item.title}
                          </Link>
                        </h3>
                        {item.unread > 0 ? <Badge variant="default">{t('inbox.unreadBadge', { count: format.number(item.unread) })}</Badge> : null}
                        {item.archived ? <Badge variant="secondary">{t('conversation.archived')}</Badge> : null}
                      </div>
                      {item.counterpart ? (
                        <p className="text-xs text-muted-foreground">{t('conversation.counterpart', { name: item.counterpart.name })}</p>
                      ) : null}
                      <p className="truncate text-sm text-muted-foreground">
                        {item.lastMessage
                          ? item.lastMessage.deleted
                            ? t('inbox.lastDeleted', { author: item.lastMessage.authorName })
                            : t('inbox.lastMessage', { author: item.lastMessage.authorName, excerpt: item.lastMessage.excerpt })
                          : t('inbox.noMessagesYet')}
                      </p>
                    </div>
                    {item.lastMessage ? (
                      <time dateTime={item.lastMessage.at} className="text-xs text-muted-foreground">
                        {format.dateTime(item.lastMessage.at)}
                      </time>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <Pagination total={data.inbox.total} offset={data.inbox.offset} limit={data.inbox.limit} hrefFor={(offset) => href({ offset })} />
          </ListResults>
        </>
      )}
    </AppPage>
  )
}
