import { ArrowDown, Wifi, WifiOff } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { PresenceMember } from '../../../platform/realtime/events'
import { useConversationRoom, useRealtimeConnection, useRealtimeRequest } from '../../../platform/realtime/hooks'
import type { ConnectionState } from '../../../platform/realtime/realtime-client'
import type { ConversationDetail, Message, MessagePage, TypingEvent } from '../messaging.types'
import { postMessage } from './chat-api'
import { Composer, type ComposerDraft, type SendOutcome } from './composer'
import { type DeliveryState, MessageItem } from './message-item'
import { anchoredScrollTop, decideOnArrival, firstSeqOf, groupByDay, isAtBottom, lastSeqOf, mergeMessages } from './message-timeline'

type ConversationViewProps = {
  locale: Locale
  conversation: ConversationDetail
  initialMessages: Message[]
  initialHasMore: boolean
  /** A search result's message to show (and mark) instead of the newest. */
  focusSeq?: number | null
  /** The composer's starting text. */
  initialDraft?: string
  viewerId: string
  /** Locale-free path of the route whose action edits, deletes, reacts and marks read. */
  actionPath: string
  /** Locale-free path of the resource route that answers older pages (`?before=seq`). */
  historyPath: string
  backPath: string
  /** The channel side panel, when this is a channel. */
  aside?: ReactNode
}

type SendAck =
  { ok: true; message: Message } | { ok: false; error: { code: string; message: string; retryAfterSeconds?: number; fields?: Record<string, string[]> } }

/** Errors after which the message may still get through over REST (the socket did not answer, or is down). */
const RETRY_OVER_REST = new Set(['timeout', 'internal', 'unsupported'])

/**
 * A conversation: header (title, record, counterpart, who is online, connection), the message history with day
 * separators and infinite scroll upwards, live messages, typing, and the composer. Sending goes through the socket
 * and falls back to REST with the same `clientId`, so a retry never doubles a message.
 */
export function ConversationView({
  locale,
  conversation,
  initialMessages,
  initialHasMore,
  focusSeq = null,
  initialDraft = '',
  viewerId,
  actionPath,
  historyPath,
  backPath,
  aside,
}: ConversationViewProps) {
  const { t } = useTranslation('chat')
  const format = useFormatter()
  const connection = useRealtimeConnection()
  const request = useRealtimeRequest()
  const readFetcher = useFetcher()
  const scrollRef = useRef<HTMLDivElement>(null)
  const topRef = useRef<HTMLDivElement>(null)
  const [messages, setMessages] = useState<Message[]>(initialMessages)
  const [hasMore, setHasMore] = useState(initialHasMore)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [olderError, setOlderError] = useState<string | null>(null)
  const [delivery, setDelivery] = useState<Record<string, DeliveryState>>({})
  const [unseen, setUnseen] = useState(0)
  const messagesRef = useRef(messages)
  useLayoutEffect(() => {
    messagesRef.current = messages
  }, [messages])
  const readSeq = useRef(conversation.lastReadSeq)
  /** Set before a render that must scroll: to the bottom, or back to the reader's place after older messages. */
  type PendingScroll = { kind: 'bottom' } | { kind: 'anchor'; scrollTop: number; scrollHeight: number } | { kind: 'message'; seq: number }
  const pendingScroll = useRef<PendingScroll | null>(focusSeq ? { kind: 'message', seq: focusSeq } : { kind: 'bottom' })

  // A revalidated page (after a channel change) brings the latest messages again: merged, never replacing live ones.
  // Another conversation remounts the view (the route keys it by id).
  const [seenInitial, setSeenInitial] = useState(initialMessages)
  if (seenInitial !== initialMessages) {
    setSeenInitial(initialMessages)
    setMessages((current) => mergeMessages(current, initialMessages))
  }

  const names = useMemo(() => new Map(conversation.participants.map((person) => [person.userId, person.name])), [conversation.participants])
  const nameOf = useCallback((userId: string) => names.get(userId) ?? t('message.someone'), [names, t])

  const receive = useCallback(
    (incoming: Message[]) => {
      if (incoming.length === 0) return
      const scroller = scrollRef.current
      const known = new Set(messagesRef.current.map((message) => message.id))
      const arrived = incoming.filter((message) => !known.has(message.id) && message.seq > lastSeqOf(messagesRef.current))
      if (arrived.length > 0) {
        const decision = decideOnArrival({
          wasAtBottom: scroller ? isAtBottom(scroller) : true,
          ownMessage: arrived.every((message) => message.author.id === viewerId),
          arrived: arrived.filter((message) => message.author.id !== viewerId).length,
          unseen: 0,
        })
        if (decision.scrollToBottom) pendingScroll.current = { kind: 'bottom' }
        else setUnseen((count) => count + decision.unseen)
      }
      setMessages((current) => mergeMessages(current, incoming))
    },
    [viewerId],
  )

  const room = useConversationRoom(conversation.id, { lastSeq: () => lastSeqOf(messagesRef.current), onMessages: receive })

  useLayoutEffect(() => {
    const scroller = scrollRef.current
    const pending = pendingScroll.current
    if (!scroller || !pending) return
    pendingScroll.current = null
    if (pending.kind === 'message') {
      const target = scroller.querySelector<HTMLElement>(`#message-${pending.seq}`)
      target?.scrollIntoView({ block: 'center' })
      target?.focus()
      return
    }
    scroller.scrollTop = pending.kind === 'bottom' ? scroller.scrollHeight : anchoredScrollTop(pending, scroller.scrollHeight)
  }, [messages])

  const loadOlder = useCallback(async () => {
    const before = firstSeqOf(messagesRef.current)
    if (loadingOlder || !hasMore || before === null) return
    setLoadingOlder(true)
    setOlderError(null)
    try {
      const response = await fetch(`${localizePath(locale, historyPath)}?before=${before}`, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
      if (!response.ok) throw new Error(String(response.status))
      const page = (await response.json()) as MessagePage
      const scroller = scrollRef.current
      if (scroller) pendingScroll.current = { kind: 'anchor', scrollTop: scroller.scrollTop, scrollHeight: scroller.scrollHeight }
      setMessages((current) => mergeMessages(current, page.items))
      setHasMore(page.hasMore)
    } catch {
      setOlderError(t('conversation.olderFailed'))
    } finally {
      setLoadingOlder(false)
    }
  }, [hasMore, historyPath, loadingOlder, locale, t])

  useEffect(() => {
    const target = topRef.current
    const root = scrollRef.current
    if (!target || !root || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadOlder()
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasMore, loadOlder])

  const submitRead = readFetcher.submit
  const markRead = useCallback(() => {
    const latest = lastSeqOf(messagesRef.current)
    if (latest <= readSeq.current || document.visibilityState !== 'visible') return
    readSeq.current = latest
    void submitRead({ intent: 'read', seq: String(latest) }, { method: 'post', action: localizePath(locale, actionPath) })
  }, [actionPath, locale, submitRead])

  useEffect(() => {
    markRead()
  }, [messages, markRead])
  useEffect(() => {
    document.addEventListener('visibilitychange', markRead)
    return () => document.removeEventListener('visibilitychange', markRead)
  }, [markRead])

  const onScroll = () => {
    const scroller = scrollRef.current
    if (scroller && unseen > 0 && isAtBottom(scroller)) setUnseen(0)
  }
  const jumpToLatest = () => {
    const scroller = scrollRef.current
    if (scroller) scroller.scrollTop = scroller.scrollHeight
    setUnseen(0)
  }

  const self = conversation.participants.find((person) => person.userId === viewerId)
  const send = useCallback(
    async (draft: ComposerDraft): Promise<SendOutcome> => {
      const clientId = crypto.randomUUID()
      const optimistic: Message = {
        id: `pending:${clientId}`,
        seq: 0,
        conversationId: conversation.id,
        author: { id: viewerId, name: self?.name ?? t('message.you'), companyId: self?.companyId ?? null, companyName: self?.companyName ?? null },
        body: draft.body,
        mentions: draft.mentions.map((userId) => ({ userId, name: names.get(userId) ?? '' })),
        attachments: draft.attachments.map((file) => ({ ...file, url: '' })),
        reactions: [],
        clientId,
        editedAt: null,
        deletedAt: null,
        createdAt: new Date().toISOString(),
      }
      pendingScroll.current = { kind: 'bottom' }
      setMessages((current) => mergeMessages(current, [optimistic]))
      setDelivery((current) => ({ ...current, [optimistic.id]: 'sending' }))
      const input = { body: draft.body, mentions: draft.mentions, attachmentFileIds: draft.attachments.map((file) => file.id), clientId }
      const settle = (stored: Message | null) => {
        setDelivery((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== optimistic.id)))
        setMessages((current) => (stored ? mergeMessages(current, [stored]) : current.filter((message) => message.id !== optimistic.id)))
      }

      let ack: SendAck | null = null
      if (connection.state === 'connected') {
        try {
          ack = (await request('message:send', { conversationId: conversation.id, ...input })) as SendAck
        } catch {
          ack = null
        }
      }
      if (ack?.ok) {
        settle(ack.message)
        return { ok: true }
      }
      if (ack && !RETRY_OVER_REST.has(ack.error.code)) {
        settle(null)
        return { ok: false, message: refusal(ack.error), fields: ack.error.fields }
      }
      const posted = await postMessage(conversation.id, input, t('composer.sendFailed'))
      if (posted.ok) {
        settle(posted.value)
        return { ok: true }
      }
      settle(null)
      return { ok: false, message: refusal(posted.error), fields: posted.error.fields }

      function refusal(error: { code: string; message: string; retryAfterSeconds?: number }): string {
        if (error.code === 'rate_limited') return t('composer.rateLimited', { seconds: format.number(error.retryAfterSeconds ?? 1) })
        return error.message || t('composer.sendFailed')
      }
    },
    [connection.state, conversation.id, format, names, request, self, t, viewerId],
  )

  const groups = groupByDay(messages, (iso) => format.date(iso))
  const typing = room.typing.filter((event: TypingEvent) => event.typing && event.userId !== viewerId)

  return (
    <div className={cn('grid min-h-0 gap-6', aside ? 'lg:grid-cols-[minmax(0,1fr)_20rem]' : undefined)}>
      <section aria-labelledby="conversation-title" className="flex min-h-[32rem] flex-col gap-3">
        <ConversationHeader locale={locale} conversation={conversation} presence={room.presence} state={connection.state} backPath={backPath} />
        {room.error ? (
          <p role="alert" className="text-sm text-destructive">
            {t('conversation.joinFailed')}
          </p>
        ) : null}

        <div ref={scrollRef} onScroll={onScroll} className="relative h-[60vh] min-h-80 overflow-y-auto rounded-lg border border-border" tabIndex={-1}>
          <div ref={topRef} className="flex justify-center p-2">
            {hasMore ? (
              <Button variant="ghost" size="sm" onClick={() => void loadOlder()} disabled={loadingOlder}>
                {loadingOlder ? t('conversation.loadingOlder') : t('conversation.loadOlder')}
              </Button>
            ) : (
              <p className="text-xs text-muted-foreground">{messages.length > 0 ? t('conversation.historyStart') : t('conversation.noMessages')}</p>
            )}
          </div>
          {olderError ? (
            <p role="alert" className="px-3 text-center text-xs text-destructive">
              {olderError}
            </p>
          ) : null}
          <ol aria-label={t('conversation.messages')} className="flex flex-col gap-1 p-2">
            {groups.map((group) => (
              <li key={group.day} className="flex flex-col gap-1">
                <h3 className="sticky top-0 z-[1] my-1 self-center rounded-full bg-background/90 px-3 py-0.5 text-xs text-muted-foreground shadow-sm">
                  {group.day}
                </h3>
                <ol className="flex flex-col gap-1">
                  {group.messages.map((message) => (
                    <MessageItem
                      key={message.id}
                      message={message}
                      viewerId={viewerId}
                      actionPath={localizePath(locale, actionPath)}
                      canModerate={conversation.canManage}
                      canPost={conversation.canPost}
                      nameOf={nameOf}
                      delivery={delivery[message.id]}
                      highlighted={message.seq === focusSeq}
                      onUpdated={(updated) => receive([updated])}
                    />
                  ))}
                </ol>
              </li>
            ))}
          </ol>
          {unseen > 0 ? (
            <div className="sticky bottom-2 flex justify-center">
              <Button size="sm" onClick={jumpToLatest}>
                {t('conversation.newMessages', { count: format.number(unseen) })}
                <ArrowDown aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ) : null}
        </div>

        <p role="status" aria-live="polite" className="min-h-5 text-xs text-muted-foreground">
          {typing.length === 1
            ? t('conversation.typingOne', { name: typing[0]?.name ?? '' })
            : typing.length > 1
              ? t('conversation.typingMany', { names: typing.map((event) => event.name).join(', ') })
              : ''}
        </p>

        {conversation.archived ? <p className="text-sm text-muted-foreground">{t('conversation.archivedNotice')}</p> : null}
        {!conversation.archived && !conversation.canPost ? <p className="text-sm text-muted-foreground">{t('conversation.cannotPost')}</p> : null}
        <Composer
          participants={conversation.participants.map((person) => ({ userId: person.userId, name: person.name }))}
          viewerId={viewerId}
          disabled={!conversation.canPost}
          onSend={send}
          onTyping={room.setTyping}
          initialBody={initialDraft}
        />
      </section>
      {aside ? <aside aria-label={t('panel.title')}>{aside}</aside> : null}
    </div>
  )
}

function ConversationHeader({
  locale,
  conversation,
  presence,
  state,
  backPath,
}: {
  locale: Locale
  conversation: ConversationDetail
  presence: PresenceMember[]
  state: ConnectionState
  backPath: string
}) {
  const { t } = useTranslation('chat')
  return (
    <header className="flex flex-col gap-2">
      <Link to={localizePath(locale, backPath)} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t('conversation.back')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="conversation-title" className="text-2xl font-semibold break-words">
              {conversation.kind === 'channel' ? `# ${conversation.title}` : conversation.title}
            </h1>
            <Badge variant="outline">{t(`kinds.${conversation.kind}`)}</Badge>
            {conversation.archived ? <Badge variant="secondary">{t('conversation.archived')}</Badge> : null}
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {conversation.subject ? (
              <Link to={localizePath(locale, conversation.subject.link)} className="underline-offset-4 hover:underline">
                {t('conversation.subjectLink', {
                  kind: t(`subjects.${conversation.subject.kind}`),
                  number: conversation.subject.number,
                  title: conversation.subject.title,
                })}
              </Link>
            ) : null}
            {conversation.counterpart ? <span>{t('conversation.counterpart', { name: conversation.counterpart.name })}</span> : null}
            {conversation.kind === 'channel' && conversation.topic ? <span>{conversation.topic}</span> : null}
          </p>
        </div>
        <ConnectionBadge state={state} />
      </div>
      <PresenceList presence={presence} />
    </header>
  )
}

function ConnectionBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('chat')
  const connected = state === 'connected'
  const Icon = connected ? Wifi : WifiOff
  const label = t(`connection.${state}`)
  return (
    <p className="inline-flex items-center gap-1 text-xs text-muted-foreground" role="status" aria-label={t('connection.label', { state: label })}>
      <Icon aria-hidden="true" className={cn('size-4', connected ? 'text-green-600' : 'text-amber-600')} />
      <span aria-hidden="true">{label}</span>
    </p>
  )
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase())
    .join('')

const STATUS_DOT: Record<string, string> = { online: 'bg-green-500', away: 'bg-amber-400', busy: 'bg-red-500' }

/** Who has the conversation open now, with their status in words for screen readers. */
function PresenceList({ presence }: { presence: PresenceMember[] }) {
  const { t } = useTranslation('chat')
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span aria-hidden="true">{t('conversation.onlineNow')}</span>
      <ul aria-label={t('conversation.onlineNow')} className="flex flex-wrap gap-2">
        {presence.map((member) => (
          <li key={member.userId} className="inline-flex items-center gap-1" title={`${member.name} · ${t(`status.${member.status}`)}`}>
            <span
              aria-hidden="true"
              className="relative inline-flex size-7 items-center justify-center rounded-full bg-muted text-[0.7rem] font-medium text-foreground"
            >
              {initials(member.name)}
              <span className={cn('absolute -end-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-background', STATUS_DOT[member.status])} />
            </span>
            <span className="sr-only">{t('conversation.presenceMember', { name: member.name, status: t(`status.${member.status}`) })}</span>
          </li>
        ))}
      </ul>
      {presence.length === 0 ? <span>{t('conversation.nobodyOnline')}</span> : null}
    </div>
  )
}
