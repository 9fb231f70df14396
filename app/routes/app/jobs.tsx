import { Form, Link, useNavigation } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { FormError } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useFormatter } from '../../components/use-formatter'
import { requireActor } from '../../modules/companies/index.server'
import { failure, failureFromError, type FormFailure, parseForm, withRouteErrors } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { jobsOverview, RetryJobInput, retryFailedJob } from '../../platform/jobs/job-admin.service.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/jobs'

type JobsActionResult = { ok: true; retried: string } | FormFailure

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  await withRouteErrors(async () => requirePlatformAdmin(ctx.actor))
  const url = new URL(request.url)
  const overview = await withRouteErrors(() => jobsOverview(ctx, { after: url.searchParams.get('after') }))
  return {
    ...pageData(ctx.locale, 'jobs', 'metaTitle'),
    worker: overview.worker,
    queues: overview.queues,
    failed: overview.failed.map((job) => ({ ...job, failedAt: job.failedAt.toISOString(), createdAt: job.createdAt.toISOString() })),
    next: overview.next,
    paged: url.searchParams.has('after'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  await withRouteErrors(async () => requirePlatformAdmin(ctx.actor))
  const parsed = parseForm(RetryJobInput, await request.formData())
  if (!parsed.ok) return failure(parsed, 422)
  try {
    await retryFailedJob(ctx, parsed.data)
    return { ok: true as const, retried: parsed.data.id }
  } catch (error) {
    return failureFromError(error)
  }
}

export default function Jobs({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('jobs')
  const { locale } = useRootData()
  const format = useFormatter()
  const navigation = useNavigation()
  const result = actionData as JobsActionResult | undefined
  const retrying = navigation.state !== 'idle' ? navigation.formData?.get('id') : null
  const listPath = localizePath(locale, '/app/jobs')

  return (
    <AppPage title={t('title')} description={t('description')}>
      {data.worker ? null : <Alert tone="warning">{t('workerOff')}</Alert>}
      {result?.ok ? <Alert tone="success">{t('retried')}</Alert> : null}
      {result && !result.ok && !result.formError ? <Alert tone="error">{t('retryInvalid')}</Alert> : null}
      <FormError error={result && !result.ok ? result.formError : undefined} />

      <section aria-labelledby="queues-heading" className="flex flex-col gap-2">
        <h2 id="queues-heading" className="text-lg font-semibold">
          {t('queues.heading')}
        </h2>
        {data.queues.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('queues.empty')}</p>
        ) : (
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('queues.heading')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('queues.name')}</TableHead>
                <TableHead>{t('queues.schedule')}</TableHead>
                <TableHead>{t('queues.retries')}</TableHead>
                <TableHead className="text-end">{t('queues.ready')}</TableHead>
                <TableHead className="text-end">{t('queues.deferred')}</TableHead>
                <TableHead className="text-end">{t('queues.active')}</TableHead>
                <TableHead className="text-end">{t('queues.failed')}</TableHead>
                <TableHead className="text-end">{t('queues.stored')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.queues.map((queue) => (
                <TableRow key={queue.name}>
                  <TableHead scope="row" className="min-w-48 font-normal whitespace-normal text-foreground">
                    <span className="block font-medium">{queue.titleKey ? t(queue.titleKey) : queue.name}</span>
                    {queue.titleKey ? <code className="text-xs text-muted-foreground wrap-anywhere">{queue.name}</code> : null}
                  </TableHead>
                  <TableCell label={t('queues.schedule')}>{queue.cron ? <code className="text-xs">{queue.cron}</code> : t('queues.onDemand')}</TableCell>
                  <TableCell label={t('queues.retries')}>
                    {queue.retry.limit === 0
                      ? t('queues.noRetry')
                      : t('queues.retryPolicy', {
                          count: queue.retry.limit,
                          delay: format.number(queue.retry.delaySeconds),
                          max: format.number(queue.retry.maxDelaySeconds ?? queue.retry.delaySeconds * 2 ** queue.retry.limit),
                        })}
                  </TableCell>
                  <TableCell label={t('queues.ready')} className="text-end tabular-nums">
                    {format.number(queue.ready)}
                  </TableCell>
                  <TableCell label={t('queues.deferred')} className="text-end tabular-nums">
                    {format.number(queue.deferred)}
                  </TableCell>
                  <TableCell label={t('queues.active')} className="text-end tabular-nums">
                    {format.number(queue.active)}
                  </TableCell>
                  <TableCell label={t('queues.failed')} className="text-end tabular-nums">
                    {queue.failed > 0 ? <Badge variant="reject">{format.number(queue.failed)}</Badge> : format.number(0)}
                  </TableCell>
                  <TableCell label={t('queues.stored')} className="text-end tabular-nums">
                    {format.number(queue.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <p className="text-xs text-muted-foreground">{t('queues.note')}</p>
      </section>

      <section aria-labelledby="failed-heading" className="flex flex-col gap-2">
        <h2 id="failed-heading" className="text-lg font-semibold">
          {t('failed.heading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('failed.description')}</p>
        {data.failed.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="no-failed-jobs">
            {data.paged ? t('failed.noOlder') : t('failed.empty')}
          </p>
        ) : (
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('failed.heading')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('failed.queue')}</TableHead>
                <TableHead>{t('failed.failedAt')}</TableHead>
                <TableHead className="text-end">{t('failed.attempts')}</TableHead>
                <TableHead>{t('failed.error')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('failed.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.failed.map((job) => (
                <TableRow key={job.id}>
                  <TableHead scope="row" className="min-w-48 font-normal whitespace-normal text-foreground">
                    <code className="text-xs wrap-anywhere">{job.name}</code>
                    <span className="block font-mono text-xs text-muted-foreground">{job.id.slice(0, 8)}</span>
                  </TableHead>
                  <TableCell label={t('failed.failedAt')}>
                    <time dateTime={job.failedAt}>{format.dateTime(job.failedAt)}</time>
                  </TableCell>
                  <TableCell label={t('failed.attempts')} className="text-end tabular-nums">
                    {format.number(job.attempts)}
                  </TableCell>
                  <TableCell label={t('failed.error')} className="max-w-md text-sm wrap-anywhere">
                    {job.error || t('failed.noMessage')}
                  </TableCell>
                  <TableCell>
                    <Form method="post">
                      <input type="hidden" name="name" value={job.name} />
                      <input type="hidden" name="id" value={job.id} />
                      <Button
                        type="submit"
                        size="sm"
                        variant="secondary"
                        disabled={retrying === job.id}
                        aria-label={t('failed.retryJob', { name: job.name, id: job.id.slice(0, 8) })}
                      >
                        {t('failed.retry')}
                      </Button>
                    </Form>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <nav aria-label={t('failed.pages')} className="flex gap-4 text-sm">
          {data.paged ? (
            <Link to={listPath} className="text-primary hover:underline">
              {t('failed.newest')}
            </Link>
          ) : null}
          {data.next ? (
            <Link to={`${listPath}?after=${encodeURIComponent(data.next)}`} className="text-primary hover:underline">
              {t('failed.older')}
            </Link>
          ) : null}
        </nav>
      </section>
    </AppPage>
  )
}
