import { randomUUID } from 'node:crypto'
import { Hash, Lock } from 'lucide-react'
import { Form, Link, redirect } from 'react-router'
import { FormError } from '../../../components/form-error'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { listMembers, requireActor } from '../../../modules/companies/index.server'
import { CHANNEL_PAGE_SIZE, NewChannelDialog } from '../../../modules/messaging/index'
import { createChannel, joinChannel, leaveChannel, listChannels } from '../../../modules/messaging/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../platform/i18n/react'
import { messagesFor, translator } from '../../../platform/i18n/translate.server'
import { useRootData } from '../../route-helpers'
import { tagFailure, unknownIntent } from '../inbox/conversation.server'
import type { Route } from './+types/index'

const MAX_OFFSET = 1_000_000
const SEARCH_MAX_CHARS = 100

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const requested = Number.parseInt(url.searchParams.get('offset') ?? '0', 10)
  const offset = Number.isFinite(requested) ? Math.min(Math.max(requested, 0), MAX_OFFSET) : 0
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_CHARS)
  const [channels, members] = await withRouteErrors(() =>
    Promise.all([listChannels(ctx, { q: q || undefined, limit: CHANNEL_PAGE_SIZE, offset }), listMembers(ctx)]),
  )
  return {
    title: translator(ctx.locale, 'chat')('channels.metaTitle'),
    i18n: messagesFor(ctx.locale, 'chat', 'messaging'),
    q,
    channels,
    members: members.map((member) => ({ userId: member.userId, name: member.name })),
    viewerId: ctx.actor.userId,
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const channelPath = (id: string) => `/app/channels/${encodeURIComponent(id)}`

/** Creates a channel (then opens it), or joins / leaves one from the list. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  if (intent === 'create') {
    const values = {
      name: text('name'),
      topic: text('topic'),
      visibility: text('visibility') || 'public',
      memberIds: form.getAll('memberIds').filter((value): value is string => typeof value === 'string'),
    }
    // The typed values travel back with a failure so the dialog reopens with them.
    const echo = { intent: 'create' as const, values }
    if (values.visibility !== 'public' && values.visibility !== 'private')
      return tagFailure(failure({ ok: false, fieldErrors: { visibility: ['validation.visibility'] } }), echo)
    try {
      const channel = await createChannel(
        ctx,
        { name: values.name, topic: values.topic, visibility: values.visibility, memberIds: values.memberIds },
        idempotencyOfForm(form),
      )
      return redirect(localizePath(ctx.locale, channelPath(channel.id)))
    } catch (error) {
      return tagFailure(failureFromError(error), echo)
    }
  }
  const id = text('id').trim()
  const listIntent = intent === 'join' ? 'join' : intent === 'leave' ? 'leave' : null
  if (!listIntent) return unknownIntent()
  if (!id || id.length > 64) return tagFailure(failure({ ok: false, fieldErrors: { id: ['validation.conversation'] } }), { intent: listIntent })
  try {
    if (listIntent === 'join') {
      await joinChannel(ctx, id)
      return redirect(localizePath(ctx.locale, channelPath(id)))
    }
    await leaveChannel(ctx, id)
    return { ok: true as const, left: id }
  } catch (error) {
    return tagFailure(failureFromError(error), { intent: listIntent })
  }
}

export default function ChannelsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('chat')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, '/app/channels')
  const href = (offset: number) => {
    const query = new URLSearchParams()
    if (data.q) query.set('q', data.q)
    if (offset > 0) query.set('offset', String(offset))
    return query.size > 0 ? `${base}?${query}` : base
  }
  const createFailure = actionData && !actionData.ok && 'intent' in actionData && actionData.intent === 'create' ? actionData : undefined
  const listFailure = actionData && !actionData.ok && !createFailure && 'formError' in actionData ? actionData.formError : undefined

  return (
    <AppPage
      title={t('channels.title')}
      description={t('channels.description')}
      actions={
        <NewChannelDialog
          members={data.members}
          viewerId={data.viewerId}
          idempotencyKey={data.idempotencyKey}
          failure={
            createFailure
              ? {
                  fieldErrors: createFailure.fieldErrors,
                  formError: 'formError' in createFailure ? createFailure.formError : undefined,
                  values: createFailure.values,
                }
              : undefined
          }
        />
      }
    >
      <FormError error={listFailure} />
      {actionData?.ok ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('channels.left')}
        </p>
      ) : null}

      <Form method="get" action={base} role="search" className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor="channel-search" className="text-sm font-medium">
            {t('channels.searchLabel')}
          </label>
          <Input id="channel-search" type="search" name="q" defaultValue={data.q} maxLength={SEARCH_MAX_CHARS} />
        </div>
        <Button type="submit" variant="secondary">
          {t('inbox.search')}
        </Button>
      </Form>

      <ListResults id="channel-list-title" label={t('channels.listLabel')}>
        {data.channels.items.length === 0 ? (
          <EmptyState icon={Hash} title={data.q ? t('channels.noMatches') : t('channels.empty')} description={t('channels.emptyHint')} />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {data.channels.items.map((channel) => (
              <li key={channel.id} className={cn('flex flex-wrap items-center gap-3 px-4 py-3', channel.unread > 0 && 'bg-muted/50')}>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    {channel.visibility === 'private' ? <Lock aria-hidden="true" className="size-4" /> : <Hash aria-hidden="true" className="size-4" />}
                    <h3 className={cn('text-sm', channel.unread > 0 ? 'font-semibold' : 'font-medium')}>
                      {channel.isMember ? (
                        <Link to={localizePath(locale, channelPath(channel.id))} className="underline-offset-4 hover:underline">
                          {channel.title}
                        </Link>
                      ) : (
                        channel.title
                      )}
                    </h3>
                    <Badge variant="outline">{t(`visibility.${channel.visibility}`)}</Badge>
                    {channel.archived ? <Badge variant="secondary">{t('conversation.archived')}</Badge> : null}
                    {channel.unread > 0 ? <Badge variant="default">{t('inbox.unreadBadge', { count: format.number(channel.unread) })}</Badge> : null}
                  </div>
                  {channel.topic ? <p className="text-sm text-muted-foreground">{channel.topic}</p> : null}
                  <p className="text-xs text-muted-foreground">
                    {channel.memberCount === null ? null : t('channels.memberCount', { count: format.number(channel.memberCount) })}
                    {channel.lastMessage ? (
                      <>
                        {' · '}
                        <time dateTime={channel.lastMessage.at}>{t('channels.lastActivity', { date: format.dateTime(channel.lastMessage.at) })}</time>
                      </>
                    ) : null}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={channel.id} />
                  {channel.isMember ? (
                    <Button type="submit" name="intent" value="leave" variant="ghost" size="sm" aria-label={t('channels.leaveLabel', { name: channel.title })}>
                      {t('channels.leave')}
                    </Button>
                  ) : (
                    <Button
                      type="submit"
                      name="intent"
                      value="join"
                      variant="secondary"
                      size="sm"
                      aria-label={t('channels.joinLabel', { name: channel.title })}
                      disabled={channel.archived}
                    >
                      {t('channels.join')}
                    </Button>
                  )}
                </Form>
                {channel.isMember ? (
                  <Link
                    to={localizePath(locale, channelPath(channel.id))}
                    className={buttonClasses('secondary', undefined, 'sm')}
                    aria-label={t('channels.openLabel', { name: channel.title })}
                  >
                    {t('channels.open')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.channels.total} offset={data.channels.offset} limit={data.channels.limit} hrefFor={href} />
      </ListResults>
    </AppPage>
  )
}
