import { randomUUID } from 'node:crypto'
import { Form, useNavigation } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { FormError, useFieldErrors } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { Badge, type BadgeVariant } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardTitle } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/field'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { Pagination } from '../../components/ui/pagination'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { Textarea } from '../../components/ui/textarea'
import { useFormatter } from '../../components/use-formatter'
import { companiesContext } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { API_AREAS, READ_ONLY_AREAS, type ApiKeyStatus } from '../../modules/developers/index'
import { createApiKey, listApiKeys, revokeApiKey } from '../../modules/developers/index.server'
import { env } from '../../platform/env.server'
import { failure, failureFromError, type FormFailure, withRouteErrors } from '../../platform/forms.server'
import { IdempotencyField } from '../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../platform/idempotency/idempotency.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/list'
import { CodeBlock, DevNav } from './dev-parts'
import { curlOrders } from './snippets'

export const handle: RouteHandle = { layout: 'admin-dashboard', width: 'wide' }

const PAGE_SIZE = 20

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const offset = Math.max(0, Math.min(1_000_000, Number(new URL(request.url).searchParams.get('offset')) || 0))
  const keys = await withRouteErrors(() => listApiKeys(ctx, { limit: PAGE_SIZE, offset }))
  return {
    ...pageData(ctx.locale, 'developers', 'keys.metaTitle'),
    companyName: context.get(companiesContext)?.active?.name ?? '',
    keys: keys.items,
    total: keys.total,
    offset,
    origin: env().PUBLIC_URL,
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type KeysActionResult =
  { ok: true; intent: 'create'; name: string; secret: string | null } | { ok: true; intent: 'revoke'; name: string } | (FormFailure & { intent?: string })

/** The form's fields as the service's input: a scope per area (none, read or write), a day, one address per line. */
function createInput(form: FormData) {
  const scopes = API_AREAS.flatMap((area) => {
    const access = form.get(`scope.${area}`)
    return access === 'read' || access === 'write' ? [`${area}:${access}`] : []
  })
  const day = String(form.get('expiresOn') ?? '').trim()
  const ips = String(form.get('allowedIps') ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
  return {
    name: String(form.get('name') ?? ''),
    scopes,
    ...(day ? { expiresAt: /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day } : {}),
    allowedIps: ips,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'revoke') {
      const key = await revokeApiKey(ctx, String(form.get('id') ?? ''))
      return { ok: true as const, intent: 'revoke' as const, name: key.name }
    }
    if (intent !== 'create') return failure({ ok: false, fieldErrors: {} }, 400)
    const created = await createApiKey(ctx, createInput(form), idempotencyOfForm(form))
    return { ok: true as const, intent: 'create' as const, name: created.key.name, secret: created.secret }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

const STATUS_BADGE: Record<ApiKeyStatus, BadgeVariant> = { active: 'accept', expired: 'pending', revoked: 'reject' }

export default function ApiKeysPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('developers')
  const { locale } = useRootData()
  const format = useFormatter()
  const busy = useNavigation().state === 'submitting'
  const result = actionData as KeysActionResult | undefined
  const failed = result && !result.ok ? result : undefined
  const fieldError = useFieldErrors(failed?.intent === 'create' ? failed.fieldErrors : undefined, 'developers')
  const scopeError = [...(fieldError('scopes') ?? []), ...(fieldError('scopes.0') ?? [])]
  const ipError = Object.keys(failed?.fieldErrors ?? {})
    .filter((field) => field.startsWith('allowedIps'))
    .flatMap((field) => fieldError(field) ?? [])
    .filter((message, index, all) => all.indexOf(message) === index)

  return (
    <AppPage title={t('keys.title')} description={t('keys.description', { company: data.companyName })}>
      <DevNav />
      <FormError error={failed?.formError} />
      {result?.ok && result.intent === 'create' && result.secret ? (
        <Alert tone="success" title={t('keys.created', { name: result.name })}>
          <div className="mt-2 flex flex-col gap-2">
            <CodeBlock code={result.secret} label={t('keys.secretLabel')} />
            <p>{t('keys.tryIt')}</p>
            <CodeBlock code={curlOrders(data.origin, result.secret)} label={t('keys.tryIt')} />
          </div>
        </Alert>
      ) : null}
      {result?.ok && result.intent === 'revoke' ? <Alert tone="success">{t('keys.revoked', { name: result.name })}</Alert> : null}

      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <CardTitle>{t('keys.createTitle')}</CardTitle>
        <Form method="post" className="flex flex-col gap-4" key={result?.ok && result.intent === 'create' ? result.name : 'form'}>
          <input type="hidden" name="intent" value="create" />
          <IdempotencyField value={data.idempotencyKey} />
          <FormField label={t('keys.name')} hint={t('keys.nameHint')} errors={fieldError('name')}>
            {(control) => <Input {...control} name="name" maxLength={80} required autoComplete="off" />}
          </FormField>
          <fieldset className="flex flex-col gap-2" aria-describedby="key-scopes-hint">
            <legend className="text-sm font-medium">{t('keys.scopes')}</legend>
            <p id="key-scopes-hint" className="text-sm text-muted-foreground">
              {t('keys.scopesHint')}
            </p>
            <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
              {API_AREAS.map((area) => (
                <label key={area} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span>{t(`areas.${area}`)}</span>
                  <NativeSelect name={`scope.${area}`} defaultValue="none" className="w-40" aria-invalid={scopeError.length > 0 || undefined}>
                    <option value="none">{t('access.none')}</option>
                    <option value="read">{t('access.read')}</option>
                    {READ_ONLY_AREAS.includes(area) ? null : <option value="write">{t('access.write')}</option>}
                  </NativeSelect>
                </label>
              ))}
            </div>
            {scopeError.length > 0 ? (
              <p className="text-sm text-destructive" role="alert">
                {scopeError[0]}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label={t('keys.expiresAt')} hint={t('keys.expiresHint')} errors={fieldError('expiresAt')}>
              {(control) => <Input {...control} name="expiresOn" type="date" />}
            </FormField>
            <FormField label={t('keys.allowedIps')} hint={t('keys.allowedIpsHint')} errors={ipError}>
              {(control) => <Textarea {...control} name="allowedIps" rows={3} spellCheck={false} />}
            </FormField>
          </div>
          <Button type="submit" disabled={busy} className="self-start">
            {t('keys.create')}
          </Button>
        </Form>
      </Card>

      <section aria-labelledby="keys-list" className="flex min-w-0 flex-col gap-3">
        <h2 id="keys-list" className="text-lg font-semibold">
          {t('keys.listTitle')}
        </h2>
        {data.keys.length === 0 ? (
          <EmptyState icon="key-round" title={t('keys.empty')} description={t('keys.emptyHint')} />
        ) : (
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('keys.listTitle')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('keys.columns.name')}</TableHead>
                <TableHead>{t('keys.columns.key')}</TableHead>
                <TableHead>{t('keys.columns.scopes')}</TableHead>
                <TableHead>{t('keys.columns.created')}</TableHead>
                <TableHead>{t('keys.columns.lastUsed')}</TableHead>
                <TableHead>{t('keys.columns.expires')}</TableHead>
                <TableHead>{t('keys.columns.status')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('keys.columns.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.keys.map((key) => (
                <TableRow key={key.id}>
                  <TableHead scope="row">
                    <span className="font-medium">{key.name}</span>
                    {key.allowedIps.length > 0 ? <span className="block text-xs font-normal text-muted-foreground">{key.allowedIps.join(', ')}</span> : null}
                  </TableHead>
                  <TableCell label={t('keys.columns.key')}>
                    <code className="text-xs">{key.prefix}…</code>
                  </TableCell>
                  <TableCell label={t('keys.columns.scopes')}>
                    <span className="flex flex-wrap gap-1">
                      {key.scopes.map((scope) => (
                        <Badge key={scope} variant="outline">
                          {scope}
                        </Badge>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell label={t('keys.columns.created')}>
                    {format.date(key.createdAt)}
                    {key.createdBy ? <span className="block text-xs text-muted-foreground">{t('keys.createdBy', { name: key.createdBy.name })}</span> : null}
                  </TableCell>
                  <TableCell label={t('keys.columns.lastUsed')}>
                    {key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('keys.never')}
                    {key.lastUsedIp ? <span className="block text-xs text-muted-foreground">{t('keys.from', { ip: key.lastUsedIp })}</span> : null}
                  </TableCell>
                  <TableCell label={t('keys.columns.expires')}>{key.expiresAt ? format.date(key.expiresAt) : t('keys.noExpiry')}</TableCell>
                  <TableCell label={t('keys.columns.status')}>
                    <Badge variant={STATUS_BADGE[key.status]}>{t(`keys.status.${key.status}`)}</Badge>
                  </TableCell>
                  <TableCell>
                    {key.status === 'active' ? (
                      <ConfirmDialog
                        triggerLabel={t('keys.revoke')}
                        title={t('keys.revokeTitle', { name: key.name })}
                        description={t('keys.revokeBody')}
                        confirmLabel={t('keys.revoke')}
                      >
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={key.id} />
                      </ConfirmDialog>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination
          total={data.total}
          offset={data.offset}
          limit={PAGE_SIZE}
          hrefFor={(offset) => `${localizePath(locale, '/dev/list')}${offset > 0 ? `?offset=${offset}` : ''}`}
        />
      </section>
    </AppPage>
  )
}
