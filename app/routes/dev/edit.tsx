import { randomUUID } from 'node:crypto'
import { Form, Link, useNavigation } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { FormError, useFieldErrors } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Button, buttonClasses } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { Checkbox } from '../../components/ui/checkbox'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/field'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { Pagination } from '../../components/ui/pagination'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useFormatter } from '../../components/use-formatter'
import { companiesContext } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { DELIVERY_STATUSES, type DeliveryStatus, WEBHOOK_TOPICS } from '../../modules/developers/index'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  type WebhookDeliveryView,
} from '../../modules/developers/index.server'
import { env } from '../../platform/env.server'
import { isAppError } from '../../platform/errors'
import { failure, failureFromError, type FormFailure, withRouteErrors } from '../../platform/forms.server'
import { IdempotencyField } from '../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../platform/idempotency/idempotency.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/edit'
import { CodeBlock, DevNav } from './dev-parts'

export const handle: RouteHandle = { layout: 'admin-dashboard', width: 'wide' }

const PAGE_SIZE = 20
/** The shape of an endpoint URL, as the field's placeholder (an address, the same in every language). */
const EXAMPLE_URL = 'https://erp.example.com/hooks/tradeport'

function filtersOf(url: URL) {
  const status = url.searchParams.get('status')
  return {
    endpointId: url.searchParams.get('endpoint') || undefined,
    status: DELIVERY_STATUSES.includes(status as DeliveryStatus) ? (status as DeliveryStatus) : undefined,
    offset: Math.max(0, Math.min(1_000_000, Number(url.searchParams.get('offset')) || 0)),
    delivery: url.searchParams.get('delivery') || undefined,
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const filters = filtersOf(new URL(request.url))
  const [endpoints, deliveries] = await withRouteErrors(() =>
    Promise.all([
      listWebhookEndpoints(ctx),
      listWebhookDeliveries(ctx, { limit: PAGE_SIZE, offset: filters.offset, endpointId: filters.endpointId, status: filters.status }),
    ]),
  )
  let detail: WebhookDeliveryView | null = null
  let detailMissing = false
  if (filters.delivery) {
    try {
      detail = await getWebhookDelivery(ctx, filters.delivery)
    } catch (error) {
      if (!isAppError(error) || error.code !== 'not_found') throw error
      detailMissing = true
    }
  }
  return {
    ...pageData(ctx.locale, 'developers', 'webhooks.metaTitle'),
    companyName: context.get(companiesContext)?.active?.name ?? '',
    endpoints,
    deliveries: deliveries.items,
    total: deliveries.total,
    filters,
    detail,
    detailMissing,
    localUrls: env().WEBHOOKS_ALLOW_PRIVATE_URLS,
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type EditResult =
  | { ok: true; intent: 'create'; secret: string; url: string }
  | { ok: true; intent: 'toggle'; enabled: boolean }
  | { ok: true; intent: 'test'; delivered: boolean; status: number | null; ms: number | null; error: string | null }
  | { ok: true; intent: 'secret' | 'rotate'; secret: string; url: string }
  | { ok: true; intent: 'delete' | 'replay' }
  | (FormFailure & { intent?: string })

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  try {
    switch (intent) {
      case 'create': {
        const created = await createWebhookEndpoint(
          ctx,
          { url: String(form.get('url') ?? ''), description: String(form.get('description') ?? ''), topics: form.getAll('topics').map(String) },
          idempotencyOfForm(form),
        )
        return { ok: true as const, intent, secret: created.secret, url: created.endpoint.url }
      }
      case 'toggle': {
        const endpoint = await updateWebhookEndpoint(ctx, id, { enabled: form.get('enabled') === 'true' })
        return { ok: true as const, intent, enabled: endpoint.enabled }
      }
      case 'test': {
        const delivery = await sendTestEvent(ctx, id, idempotencyOfForm(form))
        return {
          ok: true as const,
          intent,
          delivered: delivery.status === 'delivered',
          status: delivery.response.status,
          ms: delivery.response.ms,
          error: delivery.response.error,
        }
      }
      case 'secret':
      case 'rotate': {
        const secret = intent === 'secret' ? await revealWebhookSecret(ctx, id) : await rotateWebhookSecret(ctx, id)
        return { ok: true as const, intent, secret, url: String(form.get('url') ?? '') }
      }
      case 'delete':
        await deleteWebhookEndpoint(ctx, id)
        return { ok: true as const, intent }
      case 'replay':
        await replayWebhookDelivery(ctx, id, idempotencyOfForm(form))
        return { ok: true as const, intent }
      default:
        return failure({ ok: false, fieldErrors: {} }, 400)
    }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

const DELIVERY_BADGE: Record<DeliveryStatus, BadgeVariant> = { pending: 'pending', delivered: 'accept', failed: 'reject' }

/** A JSON body laid out for reading (what is not JSON stays as it came). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

export default function WebhooksPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('developers')
  const { locale } = useRootData()
  const format = useFormatter()
  const busy = useNavigation().state === 'submitting'
  const result = actionData as EditResult | undefined
  const failed = result && !result.ok ? result : undefined
  const fieldError = useFieldErrors(failed?.intent === 'create' ? failed.fieldErrors : undefined, 'developers')
  const topicErrors = Object.keys(failed?.intent === 'create' ? failed.fieldErrors : {})
    .filter((field) => field.startsWith('topics'))
    .flatMap((field) => fieldError(field) ?? [])
  const path = localizePath(locale, '/dev/edit')
  const query = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams()
    const merged = { endpoint: data.filters.endpointId, status: data.filters.status, offset: data.filters.offset || undefined, ...changes }
    for (const [name, value] of Object.entries(merged)) if (value !== undefined && value !== '' && value !== 0) next.set(name, String(value))
    const text = next.toString()
    return text ? `${path}?${text}` : path
  }

  return (
    <AppPage title={t('webhooks.title')} description={t('webhooks.description', { company: data.companyName })}>
      <DevNav />
      <FormError error={failed?.formError} />
      {result?.ok && result.intent === 'create' ? (
        <Alert tone="success" title={t('webhooks.addedSecret')}>
          <CodeBlock code={result.secret} label={t('webhooks.secretLabel', { url: result.url })} />
        </Alert>
      ) : null}
      {result?.ok && (result.intent === 'secret' || result.intent === 'rotate') ? (
        <Alert
          tone={result.intent === 'rotate' ? 'success' : 'info'}
          title={result.intent === 'rotate' ? t('webhooks.rotated') : t('webhooks.secretLabel', { url: result.url })}
        >
          <CodeBlock code={result.secret} label={t('webhooks.secretLabel', { url: result.url })} />
        </Alert>
      ) : null}
      {result?.ok && result.intent === 'toggle' ? <Alert tone="success">{result.enabled ? t('webhooks.switchedOn') : t('webhooks.switchedOff')}</Alert> : null}
      {result?.ok && result.intent === 'test' ? (
        result.delivered ? (
          <Alert tone="success">{t('webhooks.testSent', { status: result.status ?? '', ms: result.ms ?? 0 })}</Alert>
        ) : (
          <Alert tone="error">{t('webhooks.testFailed', { error: result.error ?? '' })}</Alert>
        )
      ) : null}
      {result?.ok && result.intent === 'delete' ? <Alert tone="success">{t('webhooks.deleted')}</Alert> : null}
      {result?.ok && result.intent === 'replay' ? <Alert tone="success">{t('webhooks.replayQueued')}</Alert> : null}

      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <CardTitle>{t('webhooks.createTitle')}</CardTitle>
        <Form method="post" className="flex flex-col gap-4" key={result?.ok && result.intent === 'create' ? result.url : 'form'}>
          <input type="hidden" name="intent" value="create" />
          <IdempotencyField value={data.idempotencyKey} />
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label={t('webhooks.url')} hint={data.localUrls ? t('webhooks.urlHintLocal') : t('webhooks.urlHint')} errors={fieldError('url')}>
              {(control) => <Input {...control} name="url" type="url" inputMode="url" maxLength={2000} required placeholder={EXAMPLE_URL} />}
            </FormField>
            <FormField label={t('webhooks.descriptionLabel')} errors={fieldError('description')}>
              {(control) => <Input {...control} name="description" maxLength={200} />}
            </FormField>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t('webhooks.topics')}</legend>
            <div className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
              {WEBHOOK_TOPICS.map((topic) => (
                <div key={topic} className="flex flex-col gap-0.5">
                  <Checkbox name="topics" value={topic} label={t(`topics.${topic}`)} defaultChecked={topic === 'order'} />
                  <p className="ps-6 text-xs text-muted-foreground">{t(`topicHints.${topic}`)}</p>
                </div>
              ))}
            </div>
            {topicErrors.length > 0 ? (
              <p className="text-sm text-destructive" role="alert">
                {topicErrors[0]}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" disabled={busy} className="self-start">
            {t('webhooks.add')}
          </Button>
        </Form>
      </Card>

      <section aria-labelledby="webhook-endpoints" className="flex min-w-0 flex-col gap-3">
        <h2 id="webhook-endpoints" className="text-lg font-semibold">
          {t('webhooks.listTitle')}
        </h2>
        {data.endpoints.length === 0 ? (
          <EmptyState icon="megaphone" title={t('webhooks.empty')} description={t('webhooks.emptyHint')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {data.endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <Card className="flex min-w-0 flex-col gap-3 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="flex min-w-0 flex-col gap-1">
                      <CardTitle className="text-base break-all">{endpoint.url}</CardTitle>
                      {endpoint.description ? <CardDescription>{endpoint.description}</CardDescription> : null}
                      <span className="flex flex-wrap gap-1">
                        {endpoint.topics.map((topic) => (
                          <Badge key={topic} variant="outline">
                            {t(`topics.${topic}`)}
                          </Badge>
                        ))}
                      </span>
                    </div>
                    <Badge variant={endpoint.enabled ? 'accept' : 'reject'}>{endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</Badge>
                  </div>
                  {!endpoint.enabled && endpoint.disabledAt ? (
                    <p className="text-sm text-muted-foreground">
                      {endpoint.disabledReason === 'failing'
                        ? t('webhooks.disabledFailing', { date: format.dateTime(endpoint.disabledAt) })
                        : t('webhooks.disabledManual', { date: format.dateTime(endpoint.disabledAt) })}
                    </p>
                  ) : null}
                  {endpoint.enabled && endpoint.failingSince ? (
                    <p className="text-sm text-destructive">{t('webhooks.failingSince', { date: format.dateTime(endpoint.failingSince) })}</p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="test" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <IdempotencyField value={`${data.idempotencyKey}:test:${endpoint.id}`} />
                      <Button type="submit" variant="secondary" disabled={busy}>
                        {t('webhooks.sendTest')}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="toggle" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <input type="hidden" name="enabled" value={endpoint.enabled ? 'false' : 'true'} />
                      <Button type="submit" variant="secondary" disabled={busy}>
                        {endpoint.enabled ? t('webhooks.switchOff') : t('webhooks.switchOn')}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="secret" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <input type="hidden" name="url" value={endpoint.url} />
                      <Button type="submit" variant="ghost" disabled={busy}>
                        {t('webhooks.showSecret')}
                      </Button>
                    </Form>
                    <Link to={query({ endpoint: endpoint.id, offset: undefined, delivery: undefined })} className={buttonClasses('ghost')}>
                      {t('webhooks.deliveries')}
                    </Link>
                    <ConfirmDialog
                      triggerLabel={t('webhooks.rotate')}
                      title={t('webhooks.rotateTitle')}
                      description={t('webhooks.rotateBody')}
                      confirmLabel={t('webhooks.rotate')}
                    >
                      <input type="hidden" name="intent" value="rotate" />
                      <input type="hidden" name="id" value={endpoint.id} />
                      <input type="hidden" name="url" value={endpoint.url} />
                    </ConfirmDialog>
                    <ConfirmDialog
                      triggerLabel={t('webhooks.delete')}
                      title={t('webhooks.deleteTitle', { url: endpoint.url })}
                      description={t('webhooks.deleteBody')}
                      confirmLabel={t('webhooks.delete')}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={endpoint.id} />
                    </ConfirmDialog>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="webhook-deliveries" className="flex min-w-0 flex-col gap-3">
        <h2 id="webhook-deliveries" className="text-lg font-semibold">
          {t('webhooks.deliveries')}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <FormField label={t('webhooks.filterEndpoint')}>
            {(control) => (
              <NativeSelect {...control} name="endpoint" defaultValue={data.filters.endpointId ?? ''} className="w-64 max-w-full">
                <option value="">{t('webhooks.allEndpoints')}</option>
                {data.endpoints.map((endpoint) => (
                  <option key={endpoint.id} value={endpoint.id}>
                    {endpoint.url}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('webhooks.filterStatus')}>
            {(control) => (
              <NativeSelect {...control} name="status" defaultValue={data.filters.status ?? ''} className="w-40">
                <option value="">{t('webhooks.allStatuses')}</option>
                {DELIVERY_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`webhooks.deliveryStatus.${status}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" variant="secondary">
            {t('webhooks.filter')}
          </Button>
        </Form>

        {data.detailMissing ? <Alert tone="warning">{t('webhooks.notFound')}</Alert> : null}
        {data.detail ? (
          <Card aria-labelledby="delivery-detail" className="flex min-w-0 flex-col gap-3 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle id="delivery-detail">{t('webhooks.detailTitle', { event: data.detail.eventType })}</CardTitle>
              <Link to={query({ delivery: undefined })} className={buttonClasses('ghost', undefined, 'sm')}>
                {t('webhooks.close')}
              </Link>
            </div>
            <p className="text-sm break-all">
              <Badge variant={DELIVERY_BADGE[data.detail.status]}>{t(`webhooks.deliveryStatus.${data.detail.status}`)}</Badge> {data.detail.endpointUrl} ·{' '}
              <code className="text-xs">{data.detail.messageId}</code>
            </p>
            <div className="grid min-w-0 gap-3 lg:grid-cols-2">
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="font-medium">{t('webhooks.request')}</h3>
                <CodeBlock
                  code={Object.entries(data.detail.request.headers ?? {})
                    .map(([name, value]) => `${name}: ${value}`)
                    .join('\n')}
                  label={t('webhooks.requestHeaders')}
                  copyable={false}
                />
                <CodeBlock code={pretty(data.detail.request.body)} label={t('webhooks.requestBody')} />
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <h3 className="font-medium">{t('webhooks.response')}</h3>
                <p className="text-sm">
                  {data.detail.response.status === null ? t('webhooks.noResponse') : `HTTP ${data.detail.response.status}`}
                  {data.detail.response.ms === null ? '' : ` · ${t('webhooks.responseTime', { ms: data.detail.response.ms })}`}
                </p>
                {data.detail.response.error ? (
                  <p className="text-sm text-destructive">
                    {t('webhooks.error')}: {data.detail.response.error}
                  </p>
                ) : null}
                {data.detail.response.body ? <CodeBlock code={data.detail.response.body} label={t('webhooks.response')} copyable={false} /> : null}
              </div>
            </div>
            <ConfirmDialog
              className="w-fit"
              triggerLabel={t('webhooks.replay')}
              confirmVariant="primary"
              title={t('webhooks.replayTitle')}
              description={t('webhooks.replayBody', { url: data.detail.endpointUrl })}
              confirmLabel={t('webhooks.replay')}
            >
              <input type="hidden" name="intent" value="replay" />
              <input type="hidden" name="id" value={data.detail.id} />
              <IdempotencyField value={`${data.idempotencyKey}:replay:${data.detail.id}`} />
            </ConfirmDialog>
          </Card>
        ) : null}

        {data.deliveries.length === 0 ? (
          <EmptyState icon="inbox" title={t('webhooks.noDeliveries')} description={t('webhooks.noDeliveriesHint')} />
        ) : (
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('webhooks.deliveries')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('webhooks.columns.event')}</TableHead>
                <TableHead>{t('webhooks.columns.endpoint')}</TableHead>
                <TableHead>{t('webhooks.columns.status')}</TableHead>
                <TableHead>{t('webhooks.columns.attempts')}</TableHead>
                <TableHead>{t('webhooks.columns.response')}</TableHead>
                <TableHead>{t('webhooks.columns.created')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('webhooks.columns.details')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.deliveries.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableHead scope="row">
                    <code className="text-xs">{delivery.eventType}</code>
                    {delivery.test ? <Badge variant="secondary">{t('webhooks.test')}</Badge> : null}
                    {delivery.replayOf ? <Badge variant="secondary">{t('webhooks.replayed')}</Badge> : null}
                  </TableHead>
                  <TableCell label={t('webhooks.columns.endpoint')} className="max-w-64 break-all">
                    {delivery.endpointUrl}
                  </TableCell>
                  <TableCell label={t('webhooks.columns.status')}>
                    <Badge variant={DELIVERY_BADGE[delivery.status]}>{t(`webhooks.deliveryStatus.${delivery.status}`)}</Badge>
                    {delivery.nextAttemptAt && delivery.attempts > 0 ? (
                      <span className="block text-xs text-muted-foreground">
                        {t('webhooks.nextAttempt', { date: format.dateTime(delivery.nextAttemptAt) })}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell label={t('webhooks.columns.attempts')} className="tabular-nums">
                    {format.number(delivery.attempts)}
                  </TableCell>
                  <TableCell label={t('webhooks.columns.response')}>
                    {delivery.response.status === null ? (delivery.attempts > 0 ? t('webhooks.noResponse') : '') : `HTTP ${delivery.response.status}`}
                  </TableCell>
                  <TableCell label={t('webhooks.columns.created')}>{format.dateTime(delivery.createdAt)}</TableCell>
                  <TableCell>
                    <Link
                      to={query({ delivery: delivery.id })}
                      className="text-primary hover:underline"
                      aria-label={`${t('webhooks.view')} ${delivery.eventType}`}
                    >
                      {t('webhooks.view')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination total={data.total} offset={data.filters.offset} limit={PAGE_SIZE} hrefFor={(offset) => query({ offset })} />
      </section>
    </AppPage>
  )
}
