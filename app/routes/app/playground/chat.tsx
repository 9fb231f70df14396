import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { useIntentResult } from '../../../components/use-intent-result'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { ASSISTANT_TOOLS, ChatMarkdown, MESSAGE_MAX_CHARS, MessageInput, PlaygroundSettingsInput } from '../../../modules/assistant/index'
import {
  createThread,
  deleteThread,
  getThread,
  listThreads,
  platformAssistant,
  sendMessage,
  updatePlaygroundSettings,
} from '../../../modules/assistant/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { AppError } from '../../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { requirePlatformAdmin } from '../../../platform/platform-admin'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/chat'

// /app/playground/chat{,/{id}} (issue 23): a platform admin tries a prompt, model, temperature and tools against the
// configured provider; every turn shows the raw request and response of each round, the tool calls, tokens and time.

const PATH = '/app/playground/chat'
type Round = { request: unknown; response: unknown; toolCalls: Array<{ name: string; arguments: string; outcome: string; ms: number }>; ms: number }

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [sessions, thread, platform] = await withRouteErrors(async () => {
    requirePlatformAdmin(ctx.actor)
    return Promise.all([
      listThreads(ctx, { kind: 'playground', limit: 30, offset: 0 }),
      params.id ? getThread(ctx, params.id, 'playground') : Promise.resolve(null),
      platformAssistant(),
    ])
  })
  return {
    ...pageData(ctx.locale, 'assistant', 'meta.playground'),
    sessions: sessions.items.map((item) => ({ id: item.id, title: item.title })),
    thread: thread
      ? {
          id: thread.id,
          title: thread.title,
          settings: thread.settings,
          messages: thread.messages.map((message) => ({
            id: message.id,
            role: message.role,
            content: message.content,
            status: message.status,
            errorCode: message.errorCode,
            provider: message.provider,
            model: message.model,
            promptTokens: message.promptTokens,
            completionTokens: message.completionTokens,
            firstTokenMs: message.firstTokenMs,
            latencyMs: message.latencyMs,
            rounds: (message.trace?.rounds ?? []) as Round[],
          })),
        }
      : null,
    defaults: {
      provider: platform.provider,
      model: platform.model,
      temperature: platform.temperature,
      systemPrompt: platform.systemPrompt,
      tools: platform.enabledTools,
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const sessionPath = (id: string) => localizePath(ctx.locale, `${PATH}/${id}`)
  try {
    if (intent === 'send') {
      const input = MessageInput.safeParse({ content: form.get('content') })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) }, 422, { intent })
      const id = params.id ?? (await createThread(ctx, { kind: 'playground' })).id
      await sendMessage(ctx, id, 'playground', input.data)
      return redirect(sessionPath(id))
    }
    if (intent === 'settings' && params.id) {
      const input = PlaygroundSettingsInput.safeParse({
        systemPrompt: form.get('systemPrompt'),
        model: form.get('model'),
        temperature: form.get('temperature'),
        tools: form.getAll('tools').filter((value) => value !== ''),
      })
      if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) }, 422, { intent })
      await updatePlaygroundSettings(ctx, params.id, input.data)
      return data({ ok: true as const, intent })
    }
    if (intent === 'delete' && params.id) {
      await deleteThread(ctx, params.id, 'playground')
      return redirect(localizePath(ctx.locale, '/app/playground'))
    }
    throw new AppError('bad_request', 'Unknown action')
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

type Data = Route.ComponentProps['loaderData']

export default function PlaygroundChatPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const current = page.thread?.id
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{page.thread?.title || t('playground.title')}</h1>
        <p className="text-sm text-muted-foreground">
          {t('playground.provider', { provider: `${t(`provider.${page.defaults.provider}`)}${page.defaults.model ? ` · ${page.defaults.model}` : ''}` })}
        </p>
      </header>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t('playground.sessions')} className="flex flex-col gap-2">
          <Link to={localizePath(locale, PATH)} className={buttonClasses('secondary', 'w-full')}>
            {t('playground.newSession')}
          </Link>
          {page.sessions.length === 0 ? <p className="text-sm text-muted-foreground">{t('playground.noSessions')}</p> : null}
          <ul className="flex flex-col gap-1">
            {page.sessions.map((session) => (
              <li key={session.id}>
                <Link
                  to={localizePath(locale, `${PATH}/${session.id}`)}
                  aria-current={session.id === current ? 'page' : undefined}
                  className="block truncate rounded-md px-2 py-1.5 text-sm hover:bg-muted aria-[current=page]:bg-muted aria-[current=page]:font-medium"
                >
                  {session.title || t('chat.untitled')}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          {page.thread ? <SessionSettings thread={page.thread} defaults={page.defaults} /> : null}
          {page.thread ? <Turns messages={page.thread.messages} /> : null}
          {/* A new key per answered turn empties the box for the next question. */}
          <Composer key={`${page.thread?.id ?? 'new'}-${page.thread?.messages.length ?? 0}`} />
          {page.thread ? (
            <div>
              <ConfirmDialog triggerLabel={t('chat.delete')} title={t('chat.deleteTitle')} description={t('chat.deleteBody')} confirmLabel={t('chat.delete')}>
                <input type="hidden" name="intent" value="delete" />
              </ConfirmDialog>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function SessionSettings({ thread, defaults }: { thread: NonNullable<Data['thread']>; defaults: Data['defaults'] }) {
  const { t } = useTranslation('assistant')
  const { done, fieldErrors } = useIntentResult('settings')
  const saved = done === 'settings'
  const errors = useFieldErrors(fieldErrors, 'assistant')
  const tools = thread.settings.tools ?? defaults.tools
  return (
    <details className="rounded-lg border border-border bg-card p-4" open={Boolean(fieldErrors) || saved}>
      <summary className="cursor-pointer text-base font-semibold">{t('playground.settings')}</summary>
      {saved ? (
        <p role="status" className="mt-2 text-sm font-medium text-success">
          {t('playground.saved')}
        </p>
      ) : null}
      <Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
        <input type="hidden" name="intent" value="settings" />
        <FormField label={t('playground.systemPrompt')} errors={errors('systemPrompt')} className="md:col-span-2">
          {(control) => (
            <Textarea name="systemPrompt" rows={4} maxLength={8000} defaultValue={thread.settings.systemPrompt ?? defaults.systemPrompt} {...control} />
          )}
        </FormField>
        <FormField label={t('playground.model')} hint={t('playground.modelHelp', { model: defaults.model || '—' })} errors={errors('model')}>
          {(control) => <Input name="model" defaultValue={thread.settings.model ?? ''} autoComplete="off" {...control} />}
        </FormField>
        <FormField label={t('playground.temperature')} errors={errors('temperature')}>
          {(control) => <Input name="temperature" inputMode="decimal" defaultValue={thread.settings.temperature ?? defaults.temperature} {...control} />}
        </FormField>
        <fieldset className="flex flex-col gap-2 md:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('playground.tools')}</legend>
          <input type="hidden" name="tools" value="" />
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {ASSISTANT_TOOLS.map((tool) => (
              <label key={tool} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="tools" value={tool} defaultChecked={tools.includes(tool)} className="size-4 accent-primary" />
                {t(`tools.${tool}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button type="submit">{t('playground.save')}</Button>
        </div>
      </Form>
    </details>
  )
}

function Turns({ messages }: { messages: NonNullable<Data['thread']>['messages'] }) {
  const { t } = useTranslation('assistant')
  const format = useFormatter()
  const turns = new Map<string, number>()
  for (const message of messages) if (message.role === 'user') turns.set(message.id, turns.size + 1)
  return (
    <ol className="flex min-w-0 flex-col gap-4">
      {messages.map((message) =>
        message.role === 'user' ? (
          <li key={message.id} className="rounded-lg bg-primary/10 px-3 py-2">
            <h2 className="text-xs font-medium text-muted-foreground">{t('playground.turn', { number: turns.get(message.id) ?? 0 })}</h2>
            <p className="whitespace-pre-wrap break-words">{message.content}</p>
          </li>
        ) : (
          <li key={message.id} className="flex min-w-0 flex-col gap-2 rounded-lg border border-border px-3 py-2">
            <p className="flex flex-wrap gap-2 text-xs text-muted-foreground">
              <Badge variant={message.status === 'complete' ? 'accept' : 'reject'}>
                {message.status === 'complete' ? t('chat.assistant') : t('chat.failed')}
              </Badge>
              <span>{message.model}</span>
              <span>{t('playground.tokens', { prompt: format.number(message.promptTokens), completion: format.number(message.completionTokens) })}</span>
              <span>{t('playground.latency', { ms: format.number(message.latencyMs ?? 0), first: format.number(message.firstTokenMs ?? 0) })}</span>
            </p>
            {message.content ? <ChatMarkdown text={message.content} /> : null}
            {message.status === 'failed' ? (
              <Alert tone="error">{t(`errors.${message.errorCode ?? 'internal'}`, { defaultValue: t('errors.internal') })}</Alert>
            ) : null}
            {message.rounds.map((round, index) => (
              <details key={index} className="min-w-0 rounded-md border border-border p-2 text-sm">
                <summary className="cursor-pointer">
                  {t('playground.roundSummary', {
                    number: index + 1,
                    ms: format.number(round.ms),
                    calls: round.toolCalls.length === 0 ? t('playground.noToolCalls') : round.toolCalls.map((call) => call.name).join(', '),
                  })}
                </summary>
                {round.toolCalls.length > 0 ? (
                  <div className="mt-2">
                    <h3 className="text-xs font-semibold">{t('playground.toolCalls')}</h3>
                    <ul className="flex flex-col gap-1">
                      {round.toolCalls.map((call, position) => (
                        <li key={position} className="min-w-0 break-words">
                          <code>{call.name}</code> {call.arguments} —{' '}
                          {t('playground.callSummary', { outcome: t(`playground.outcome.${call.outcome}`), ms: format.number(call.ms) })}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <h3 className="mt-2 text-xs font-semibold">{t('playground.request')}</h3>
                <pre className="max-h-80 max-w-full overflow-auto rounded bg-muted p-2 text-xs">{JSON.stringify(round.request, null, 2)}</pre>
                <h3 className="mt-2 text-xs font-semibold">{t('playground.response')}</h3>
                <pre className="max-h-80 max-w-full overflow-auto rounded bg-muted p-2 text-xs">{JSON.stringify(round.response, null, 2)}</pre>
              </details>
            ))}
          </li>
        ),
      )}
    </ol>
  )
}

function Composer() {
  const { t } = useTranslation('assistant')
  const navigation = useNavigation()
  const { fieldErrors, formError } = useIntentResult('send')
  const errors = useFieldErrors(fieldErrors, 'assistant')
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'send'
  return (
    <Form method="post" className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3">
      <input type="hidden" name="intent" value="send" />
      <FormError error={formError} />
      <FormField label={t('chat.composerLabel')} errors={errors('content')}>
        {(control) => <Textarea name="content" rows={3} maxLength={MESSAGE_MAX_CHARS} required {...control} />}
      </FormField>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('chat.working') : t('chat.send')}
        </Button>
      </div>
    </Form>
  )
}
