import { randomUUID } from 'node:crypto'
import { Form, Link, redirect } from 'react-router'
import { buttonClasses, Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { ThreadListQuery } from '../../../modules/assistant/index'
import { createThread, listThreads, platformAssistant } from '../../../modules/assistant/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { AppError } from '../../../platform/errors'
import { failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { requirePlatformAdmin } from '../../../platform/platform-admin'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/index'

// /app/playground (issue 23): the platform admins' workbench for the assistant — saved sessions, a new one, and the
// ways to the assistant's settings and the dev mailbox.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = ThreadListQuery.safeParse({ ...search, kind: 'playground' })
  const query = parsed.success ? parsed.data : ThreadListQuery.parse({ kind: 'playground' })
  const [page, platform] = await withRouteErrors(async () => {
    requirePlatformAdmin(ctx.actor)
    return Promise.all([listThreads(ctx, query), platformAssistant()])
  })
  return {
    ...pageData(ctx.locale, 'assistant', 'meta.playground'),
    sessions: page.items.map((item) => ({ id: item.id, title: item.title, updatedAt: item.updatedAt.toISOString() })),
    total: page.total,
    limit: query.limit,
    offset: query.offset,
    provider: { kind: platform.provider, model: platform.model },
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  try {
    if (form.get('intent') !== 'new') throw new AppError('bad_request', 'Unknown action')
    const thread = await createThread(ctx, { kind: 'playground' }, idempotencyOfForm(form))
    return redirect(localizePath(ctx.locale, `/app/playground/chat/${thread.id}`))
  } catch (error) {
    return failureFromError(error)
  }
}

export default function PlaygroundPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('assistant')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, '/app/playground')
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('playground.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('playground.intro')}</p>
        <p className="text-sm">
          {t('playground.provider', { provider: `${t(`provider.${page.provider.kind}`)}${page.provider.model ? ` · ${page.provider.model}` : ''}` })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="new" />
            <IdempotencyField value={page.idempotencyKey} />
            <Button type="submit">{t('playground.newSession')}</Button>
          </Form>
          <Link to={localizePath(locale, '/app/agi/config')} className={buttonClasses('secondary')}>
            {t('playground.configLink')}
          </Link>
          <Link to={localizePath(locale, '/app/playground/mail')} className={buttonClasses('ghost')}>
            {t('playground.mailLink')}
          </Link>
        </div>
      </header>
      <section aria-labelledby="playground-sessions" className="flex flex-col gap-3">
        <h2 id="playground-sessions" className="text-lg font-semibold">
          {t('playground.sessions')}
        </h2>
        {page.sessions.length === 0 ? (
          <EmptyState icon="message-square" title={t('playground.noSessions')} />
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {page.sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <Link
                  to={localizePath(locale, `/app/playground/chat/${session.id}`)}
                  className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {session.title || t('chat.untitled')}
                </Link>
                <span className="text-xs text-muted-foreground">{format.dateTime(session.updatedAt)}</span>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={page.total} limit={page.limit} offset={page.offset} hrefFor={(offset) => (offset > 0 ? `${base}?offset=${offset}` : base)} />
      </section>
    </div>
  )
}
