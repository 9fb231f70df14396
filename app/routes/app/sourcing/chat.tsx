import { type LimitStatus, PlanLimitNotice } from '../../../modules/billing/index'
import { type FormEvent, type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react'
import { data, Form, Link, redirect, useLocation, useNavigate, useRevalidator } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import {
  type AssistantCard,
  AssistantCards,
  ChatMarkdown,
  type ChatMessage,
  MESSAGE_MAX_CHARS,
  MessageInput,
  RenameThreadInput,
  startConversation,
  StreamRefused,
  streamTurn,
  THREAD_PAGE_SIZE,
} from '../../../modules/assistant/index'
import {
  type AssistantMessageView,
  companyQuota,
  confirmDraft,
  createThread,
  deleteThread,
  getThread,
  listThreads,
  platformAssistant,
  renameThread,
  sendMessage,
} from '../../../modules/assistant/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { addToShortlist, openProjects } from '../../../modules/sourcing/index.server'
import { AppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/chat'

const PATH = '/app/sourcing/chat'
const BUYING = new Set(['buyer', 'both'])

const toChat = (message: AssistantMessageView): ChatMessage => ({ ...message, trace: null, createdAt: message.createdAt.toISOString() })

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = new URL(request.url).searchParams
  const question = (search.get('q') ?? '').slice(0, MESSAGE_MAX_CHARS)
  // Earlier conversations, a page at a time (`?from=30`).
  const from = Math.min(Math.max(0, Math.trunc(Number(search.get('from')) || 0)), 100_000)
  const base = { ...pageData(ctx.locale, 'assistant', 'meta.chat', PAGE_MESSAGES.assistantChat), question }
  const companyId = ctx.actor.companyId
  if (!companyId) return { ...base, company: false as const }
  const canBuy = BUYING.has(ctx.actor.companyKind ?? '')
  const [threads, thread, platform, projects, quota] = await withRouteErrors(() =>
    Promise.all([
      listThreads(ctx, { kind: 'sourcing', limit: THREAD_PAGE_SIZE, offset: from }),
      params.id ? getThread(ctx, params.id, 'sourcing') : Promise.resolve(null),
      platformAssistant(),
      canBuy ? openProjects(ctx) : Promise.resolve([]),
      companyQuota(companyId),
    ]),
  )
  return {
    ...base,
    company: true as const,
    canBuy,
    canManage: ctx.actor.memberRole === 'owner' || ctx.actor.memberRole === 'admin',
    enabled: quota.enabled,
    provider: { kind: platform.provider, model: platform.model },
    threads: threads.items.map((item) => ({ id: item.id, title: item.title, updatedAt: item.updatedAt.toISOString() })),
    totalThreads: threads.total,
    threadsFrom: from,
    thread: thread ? { id: thread.id, title: thread.title, messages: thread.messages.map(toChat) } : null,
    projects: projects.map((project) => ({ id: project.id, number: project.number, name: project.name })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const threadPath = (id: string) => localizePath(ctx.locale, `${PATH}/${id}`)
  try {
    if (intent === 'send') {
      // Without scripts the question is answered whole, then the page shows the thread.
      const input = MessageInput.safeParse({ content: form.get('content') })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) })
      const threadId = params.id ?? (await createThread(ctx, { kind: 'sourcing' })).id
      await sendMessage(ctx, threadId, 'sourcing', input.data)
      return redirect(threadPath(threadId))
    }
    if (intent === 'rename' && params.id) {
      const input = RenameThreadInput.safeParse({ title: form.get('title') })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) })
      await renameThread(ctx, params.id, 'sourcing', input.data)
      return data({ ok: true as const, renamed: true })
    }
    if (intent === 'delete' && params.id) {
      await deleteThread(ctx, params.id, 'sourcing')
      return redirect(localizePath(ctx.locale, PATH))
    }
    if (intent === 'confirm') {
      const card = await confirmDraft(ctx, String(form.get('draftId') ?? ''), { projectId: String(form.get('projectId') ?? '') || undefined })
      return data({ ok: true as const, card })
    }
    if (intent === 'shortlist') {
      const supplierId = String(form.get('supplierId') ?? '')
      await addToShortlist(ctx, String(form.get('projectId') ?? ''), { supplierCompanyId: supplierId, note: '' })
      return data({ ok: true as const, shortlisted: supplierId })
    }
    throw new AppError('bad_request', 'Unknown action')
  } catch (error) {
    return failureFromError(error)
  }
}

type Pending = {
  threadId: string
  question: string
  user: ChatMessage | null
  text: string
  tool: string | null
  cards: AssistantCard[]
  error: string | null
  final: ChatMessage | null
}

export default function SourcingChatPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  if (!page.company) {
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold">{t('chat.title')}</h1>
        <EmptyState
          icon="building-complex"
          title={t('chat.companyNeeded')}
          action={
            <Link to={localizePath(locale, '/app/settings')} className={buttonClasses('primary')}>
              {t('chat.createCompany')}
            </Link>
          }
        />
      </div>
    )
  }
  return <Chat page={page} failed={actionData && 'ok' in actionData && actionData.ok === false ? actionData : null} />
}

type Page = Extract<Route.ComponentProps['loaderData'], { company: true }>
type Failed = { formError?: { message: string }; fieldErrors?: Record<string, string[]> } | null

function Chat({ page, failed }: { page: Page; failed: Failed }) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const format = useFormatter()
  const navigate = useNavigate()
  const location = useLocation()
  const { revalidate } = useRevalidator()
  const [draft, setDraft] = useState(page.thread ? '' : page.question)
  const [pending, setPending] = useState<Pending | null>(null)
  const [refused, setRefused] = useState<string | null>(null)
  const [planLimit, setPlanLimit] = useState<LimitStatus | null>(null)
  const started = useRef<string | null>(null)
  const composer = useRef<HTMLTextAreaElement>(null)
  const end = useRef<HTMLDivElement>(null)
  const base = localizePath(locale, PATH)
  const thread = page.thread
  const messages = thread?.messages ?? []
  const busy = pending !== null && pending.final === null && pending.error === null
  const shown = pending && pending.threadId === thread?.id && !(pending.final && messages.some((message) => message.id === pending.final!.id)) ? pending : null

  const update = (change: (current: Pending) => Pending) => setPending((current) => (current ? change(current) : current))

  const run = (threadId: string, question: string) => {
    setRefused(null)
    setPending({ threadId, question, user: null, text: '', tool: null, cards: [], error: null, final: null })
    streamTurn(
      threadId,
      question,
      {
        onUser: (message) => {
          setDraft('')
          update((current) => ({ ...current, user: message }))
        },
        onDelta: (text) => update((current) => ({ ...current, text: current.text + text, tool: null })),
        onTool: (name) => update((current) => ({ ...current, tool: name })),
        onCard: (card) => update((current) => ({ ...current, cards: [...current.cards, card] })),
        onError: (_code, message) => update((current) => ({ ...current, error: message })),
        onDone: (message) => {
          update((current) => ({ ...current, final: message }))
          void revalidate()
        },
      },
      locale,
    ).catch((error: unknown) => {
      const message = error instanceof StreamRefused ? (error.code === 'network' ? t('errors.network') : error.message) : t('errors.network')
      // The plan's questions a month are used up: say which limit, with the way to a bigger plan.
      if (error instanceof StreamRefused && error.code === 'plan_limit_reached') setPlanLimit(error.details as LimitStatus)
      // Refused before anything was stored: the question stays in the box.
      setPending((current) => (current && current.user === null ? null : current ? { ...current, error: message } : current))
      setRefused(message)
    })
  }

  const ask = async (question: string) => {
    if (!thread) {
      try {
        const id = await startConversation('sourcing')
        void navigate(`${base}/${id}`, { state: { ask: question } })
      } catch (error) {
        setRefused(error instanceof StreamRefused ? error.message : t('errors.network'))
      }
      return
    }
    run(thread.id, question)
  }

  // A new thread opens with the question that made it (kept in the navigation state), asked once; `?q=…` from
  // elsewhere (the marketplace) opens a new conversation with that question. Effect events read the latest state.
  const askOnArrival = useEffectEvent(() => {
    const asked = (location.state as { ask?: string } | null)?.ask
    if (thread && asked && started.current !== thread.id) {
      started.current = thread.id
      window.history.replaceState({ ...window.history.state, usr: null }, '')
      run(thread.id, asked)
    } else if (!thread && page.question && started.current !== 'q') {
      started.current = 'q'
      void ask(page.question)
    }
  })
  useEffect(() => askOnArrival(), [thread?.id])

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, shown?.text, shown?.cards.length])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const question = draft.trim()
    if (!question || busy || question.length > MESSAGE_MAX_CHARS) return
    void ask(question)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      event.currentTarget.form?.requestSubmit()
    }
  }
  const fieldError = failed?.fieldErrors?.content?.map((key) => t(key))
  const tooLong = draft.length > MESSAGE_MAX_CHARS

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{thread?.title || t('chat.title')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">
          {page.provider.kind === 'builtin' ? t('chat.builtinNotice') : t('chat.modelNotice', { model: page.provider.model })}
        </p>
      </header>
      {!page.enabled ? (
        <Alert tone="warning">
          {t('chat.disabled')}{' '}
          {page.canManage ? (
            <Link to={localizePath(locale, '/app/agi/config')} className="font-medium underline underline-offset-4">
              {t('chat.openSettings')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <div className="grid min-w-0 gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <ThreadList page={page} base={base} />
        <section aria-label={t('chat.title')} className="flex min-w-0 flex-col gap-4">
          {thread ? <ThreadTools threadId={thread.id} title={thread.title} failed={failed} /> : null}
          {failed?.formError ? <Alert tone="error">{failed.formError.message}</Alert> : null}
          <ol className="flex min-w-0 flex-col gap-4" aria-label={t('chat.threads')}>
            {messages.length === 0 && !shown ? (
              <li>
                <Intro onPick={(text) => setDraft(text)} />
              </li>
            ) : null}
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} projects={page.projects} canBuy={page.canBuy} />
            ))}
            {shown ? (
              <>
                {messages.some((message) => message.id === shown.user?.id) ? null : (
                  <MessageBubble role="user" label={t('chat.you')}>
                    <p className="whitespace-pre-wrap">{shown.question}</p>
                  </MessageBubble>
                )}
                <MessageBubble role="assistant" label={t('chat.assistant')} busy={busy}>
                  {shown.text ? <ChatMarkdown text={shown.text} /> : null}
                  {busy ? (
                    <p className="text-sm text-muted-foreground" role="status">
                      {shown.tool ? t('chat.usingTool', { tool: t(`tools.${shown.tool}`, { defaultValue: shown.tool }) }) : t('chat.working')}
                    </p>
                  ) : null}
                  <AssistantCards cards={shown.cards} projects={page.projects} canBuy={page.canBuy} />
                  {shown.error ? <Alert tone="error">{shown.error}</Alert> : null}
                </MessageBubble>
              </>
            ) : null}
          </ol>
          <div ref={end} />
          {planLimit ? <PlanLimitNotice status={planLimit} refused /> : refused && !shown ? <Alert tone="error">{refused}</Alert> : null}
          <Form method="post" onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3">
            <input type="hidden" name="intent" value="send" />
            <label htmlFor="chat-composer" className="text-sm font-medium">
              {t('chat.composerLabel')}
            </label>
            <Textarea
              ref={composer}
              id="chat-composer"
              name="content"
              rows={3}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.composerPlaceholder')}
              aria-describedby="chat-composer-hint"
              aria-invalid={fieldError || tooLong ? true : undefined}
              disabled={!page.enabled}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id="chat-composer-hint" className={tooLong || fieldError ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
                {fieldError?.join(' ') ??
                  (tooLong ? t('chat.tooLong', { count: format.number(draft.length), max: format.number(MESSAGE_MAX_CHARS) }) : t('chat.composerHint'))}
              </p>
              <Button type="submit" disabled={busy || !page.enabled || tooLong || draft.trim() === ''}>
                {busy ? t('chat.working') : t('chat.send')}
              </Button>
            </div>
          </Form>
        </section>
      </div>
    </div>
  )
}

function ThreadList({ page, base }: { page: Page; base: string }) {
  const { t } = useTranslation('assistant')
  const format = useFormatter()
  const current = page.thread?.id
  const list = (
    <nav aria-label={t('chat.threads')} className="flex flex-col gap-2">
      <Link to={base} className={buttonClasses('secondary', 'w-full')}>
        {t('chat.newThread')}
      </Link>
      {page.threads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('chat.noThreads')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {page.threads.map((item) => (
            <li key={item.id}>
              <Link
                to={`${base}/${item.id}`}
                aria-current={item.id === current ? 'page' : undefined}
                className="flex min-w-0 flex-col rounded-md px-2 py-1.5 text-sm hover:bg-muted aria-[current=page]:bg-muted aria-[current=page]:font-medium"
              >
                <span className="truncate">{item.title || t('chat.untitled')}</span>
                <span className="text-xs text-muted-foreground">{format.dateTime(item.updatedAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.threadsFrom > 0 ? (
        <Link to={base} className="text-sm text-primary underline underline-offset-4">
          {t('chat.latest')}
        </Link>
      ) : null}
      {page.totalThreads > page.threadsFrom + page.threads.length ? (
        <Link to={`${base}?from=${page.threadsFrom + THREAD_PAGE_SIZE}`} className="text-sm text-primary underline underline-offset-4">
          {t('chat.olderHidden')}
        </Link>
      ) : null}
    </nav>
  )
  return (
    <>
      <details className="rounded-lg border border-border p-3 lg:hidden">
        <summary className="cursor-pointer text-sm font-medium">{t('chat.threads')}</summary>
        <div className="mt-3">{list}</div>
      </details>
      <aside className="hidden lg:block">{list}</aside>
    </>
  )
}

function ThreadTools({ threadId, title, failed }: { threadId: string; title: string; failed: Failed }) {
  const { t } = useTranslation('assistant')
  const titleError = failed?.fieldErrors?.title?.map((key) => t(key))
  return (
    <div className="flex flex-wrap items-start gap-2">
      <details className="min-w-0" open={Boolean(titleError)}>
        <summary className={buttonClasses('ghost', 'cursor-pointer', 'sm')}>{t('chat.rename')}</summary>
        <Form method="post" key={threadId} className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <label className="flex flex-col gap-1 text-sm">
            {t('chat.renameLabel')}
            <Input name="title" defaultValue={title} maxLength={120} required aria-invalid={titleError ? true : undefined} />
          </label>
          <Button type="submit" size="sm">
            {t('chat.save')}
          </Button>
          {titleError ? <p className="w-full text-sm text-destructive">{titleError.join(' ')}</p> : null}
        </Form>
      </details>
      <ConfirmDialog triggerLabel={t('chat.delete')} title={t('chat.deleteTitle')} description={t('chat.deleteBody')} confirmLabel={t('chat.delete')}>
        <input type="hidden" name="intent" value="delete" />
      </ConfirmDialog>
    </div>
  )
}

function Intro({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation('assistant')
  const examples = [t('chat.example1'), t('chat.example2'), t('chat.example3'), t('chat.example4')]
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed border-border p-4">
      <p className="text-sm">{t('chat.intro')}</p>
      <h2 className="text-sm font-semibold">{t('chat.examplesTitle')}</h2>
      <ul className="flex flex-wrap gap-2">
        {examples.map((example) => (
          <li key={example}>
            <button
              type="button"
              className="rounded-full border border-border px-3 py-1 text-start text-sm hover:bg-muted"
              onClick={() => {
                onPick(example)
                document.getElementById('chat-composer')?.focus()
              }}
            >
              {example}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function MessageItem({ message, projects, canBuy }: { message: ChatMessage; projects: Page['projects']; canBuy: boolean }) {
  const { t } = useTranslation('assistant')
  if (message.role === 'user') {
    return (
      <MessageBubble role="user" label={t('chat.you')}>
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
      </MessageBubble>
    )
  }
  return (
    <MessageBubble role="assistant" label={t('chat.assistant')}>
      {message.content ? <ChatMarkdown text={message.content} /> : null}
      <AssistantCards cards={message.cards} projects={projects} canBuy={canBuy} />
      {message.status === 'failed' ? (
        <Alert tone="error" title={t('chat.failed')}>
          {t(`errors.${message.errorCode ?? 'internal'}`, { defaultValue: t('errors.internal') })}
        </Alert>
      ) : null}
    </MessageBubble>
  )
}

function MessageBubble({ role, label, busy, children }: { role: 'user' | 'assistant'; label: string; busy?: boolean; children: React.ReactNode }) {
  return (
    <li className={role === 'user' ? 'flex justify-end' : 'flex justify-start'} aria-busy={busy || undefined}>
      <article
        aria-label={label}
        className={
          role === 'user'
            ? 'flex max-w-[85%] min-w-0 flex-col gap-1 rounded-lg bg-primary/10 px-3 py-2'
            : 'flex w-full max-w-3xl min-w-0 flex-col gap-3 rounded-lg border border-border px-3 py-2'
        }
      >
        <span className="text-xs font-medium text-muted-foreground">
          {label}
          {role === 'assistant' && busy ? (
            <Badge variant="secondary" className="ms-2">
              …
            </Badge>
          ) : null}
        </span>
        {children}
      </article>
    </li>
  )
}
