import { randomUUID } from 'node:crypto'
import { data, Form, Link, redirect } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Money } from '../../../components/money'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { CreatePriceListInput, PriceLinesEditor, type PriceListDetail, SetPriceListLinesInput, UpdatePriceListInput } from '../../../modules/catalog/index'
import {
  activatePriceList,
  createPriceList,
  deactivatePriceList,
  getPriceList,
  listPriceLists,
  priceableProducts,
  setPriceListLines,
  updatePriceList,
} from '../../../modules/catalog/index.server'
import { hasRole } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { AppError, isAppError } from '../../../platform/errors'
import { CURRENCY_CODES } from '../../../platform/format'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { useTranslation } from '../../../platform/i18n/react'
import { translator } from '../../../platform/i18n/translate.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/list'

/** The segment is `{id}.list` (or `new.list`); anything else is a 404 with the usual message. */
function listRef(segment: string | undefined, request: Request, locale: Parameters<typeof translator>[0]): string {
  const match = /^([\w-]+)\.list$/.exec(segment ?? '')
  if (!match?.[1]) throw data(translator(locale)('errors.pageNotFound', { path: new URL(request.url).pathname }), { status: 404 })
  return match[1]
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const ref = listRef(params.list, request, ctx.locale)
  const canManage = hasRole(ctx.actor, 'admin')
  const [lists, products, list] = await withRouteErrors(() => {
    if (ref === 'new' && !canManage) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: 'admin' })
    return Promise.all([listPriceLists(ctx), priceableProducts(ctx), ref === 'new' ? null : getPriceList(ctx, ref)])
  })
  return { ...pageData(ctx.locale, 'pricing', 'meta.title'), lists, products, list, canManage, idempotencyKey: ref === 'new' ? randomUUID() : undefined }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The submitted rows; rows left entirely blank are skipped, `indices` maps the kept rows back to the form's. */
function submittedLines(form: FormData) {
  const column = (name: string) => form.getAll(name).map(String)
  const productIds = column('productId')
  const minQuantities = column('minQuantity')
  const unitPrices = column('unitPrice')
  const rows = productIds.map((productId, index) => ({
    productId,
    minQuantity: (minQuantities[index] ?? '').trim(),
    unitPrice: (unitPrices[index] ?? '').trim(),
  }))
  const kept = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.productId || row.minQuantity || row.unitPrice)
  return { lines: kept.map(({ row }) => row), indices: kept.map(({ index }) => index) }
}

/** Field errors under `lines.<kept index>.…` renamed to the form's row numbers. */
function toFormRows(fields: Record<string, string[]>, indices: number[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [name.replace(/^lines\.(\d+)\./, (_all, kept: string) => `lines.${indices[Number(kept)] ?? kept}.`), keys]),
  )
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const ref = listRef(params.list, request, ctx.locale)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'create' && ref === 'new') {
      const parsed = parseForm(CreatePriceListInput, form)
      if (!parsed.ok) return failure(parsed)
      const created = await createPriceList(ctx, parsed.data, idempotencyOfForm(form))
      return redirect(localizePath(ctx.locale, `/app/price/${created.id}.list`))
    }
    if (ref === 'new') return failure({ ok: false, fieldErrors: {} }, 400)
    if (intent === 'update') {
      const parsed = parseForm(UpdatePriceListInput, form)
      if (!parsed.ok) return failure(parsed)
      await updatePriceList(ctx, ref, parsed.data)
      return { ok: true as const, saved: 'settings' as const }
    }
    if (intent === 'lines') {
      const { lines, indices } = submittedLines(form)
      const parsed = SetPriceListLinesInput.safeParse({ lines })
      if (!parsed.success) return failure({ ok: false, fieldErrors: toFormRows(fieldErrorsOf(parsed.error), indices) })
      try {
        await setPriceListLines(ctx, ref, parsed.data)
      } catch (error) {
        if (isAppError(error) && error.code === 'validation_failed' && error.details?.fields) {
          return failure({ ok: false, fieldErrors: toFormRows(error.details.fields as Record<string, string[]>, indices) })
        }
        throw error
      }
      return { ok: true as const, saved: 'lines' as const }
    }
    if (intent === 'activate') {
      await activatePriceList(ctx, ref)
      return { ok: true as const, saved: 'status' as const }
    }
    if (intent === 'deactivate') {
      await deactivatePriceList(ctx, ref)
      return { ok: true as const, saved: 'status' as const }
    }
    return failure({ ok: false, fieldErrors: {} }, 400)
  } catch (error) {
    return failureFromError(error)
  }
}

type ActionData = Route.ComponentProps['actionData']
const fieldErrorsFrom = (actionData: ActionData): Record<string, string[]> => (actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : {})

export default function PriceListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, products, list, canManage } = loaderData
  const { t } = useTranslation('pricing')
  const fieldErrors = fieldErrorsFrom(actionData)
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const saved = actionData && 'saved' in actionData ? actionData.saved : undefined
  const savedNotice = { settings: t('saved.settings'), lines: t('saved.lines'), status: t('saved.status') } satisfies Record<NonNullable<typeof saved>, string>

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
      <div className="grid gap-6">
        <header>
          <h1 className="text-xl font-semibold">{list ? list.name : t('settings.newTitle')}</h1>
          {list ? <p className="text-sm text-muted-foreground">{t('header.summary', { currency: list.currency })}</p> : null}
        </header>
        {!canManage ? <Alert tone="info">{t('readOnly')}</Alert> : null}
        <FormError error={formError} />
        {saved ? <Alert tone="success">{savedNotice[saved]}</Alert> : null}
        <SettingsCard list={list} canManage={canManage} idempotencyKey={loaderData.idempotencyKey} fieldErrors={fieldErrors} />
        {list ? <StatusCard list={list} canManage={canManage} /> : null}
        {list ? (
          <Card aria-labelledby="lines-title">
            <CardTitle id="lines-title">{t('lines.title')}</CardTitle>
            <CardDescription className="mb-4">{t('lines.hint')}</CardDescription>
            {canManage ? (
              <PriceLinesEditor key={String(list.updatedAt)} lines={list.lines} products={products} currency={list.currency} fieldErrors={fieldErrors} />
            ) : (
              <ReadOnlyLines list={list} />
            )}
          </Card>
        ) : null}
      </div>
      <OtherLists lists={lists} currentId={list?.id ?? null} canManage={canManage} />
    </div>
  )
}

function SettingsCard({
  list,
  canManage,
  idempotencyKey,
  fieldErrors,
}: {
  list: PriceListDetail | null
  canManage: boolean
  idempotencyKey: string | undefined
  fieldErrors: Record<string, string[]>
}) {
  const { t } = useTranslation('pricing')
  const fieldError = useFieldErrors(fieldErrors, 'pricing')
  return (
    <Card aria-labelledby="settings-title">
      <CardTitle id="settings-title" className="mb-4">
        {t('settings.title')}
      </CardTitle>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value={list ? 'update' : 'create'} />
        {list ? null : <IdempotencyField value={idempotencyKey} />}
        <FormField label={t('settings.name')} errors={fieldError('name')} className="sm:col-span-2">
          {(control) => <Input {...control} name="name" defaultValue={list?.name ?? ''} maxLength={120} required readOnly={!canManage} />}
        </FormField>
        <FormField label={t('settings.currency')} errors={fieldError('currency')}>
          {(control) => (
            <NativeSelect {...control} name="currency" defaultValue={list?.currency ?? 'USD'} disabled={!canManage}>
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="hidden sm:block" />
        <FormField label={t('settings.validFrom')} hint={t('settings.windowHint')} errors={fieldError('validFrom')}>
          {(control) => <Input {...control} type="date" name="validFrom" defaultValue={list?.validFrom ?? ''} readOnly={!canManage} />}
        </FormField>
        <FormField label={t('settings.validTo')} hint={t('settings.windowHint')} errors={fieldError('validTo')}>
          {(control) => <Input {...control} type="date" name="validTo" defaultValue={list?.validTo ?? ''} readOnly={!canManage} />}
        </FormField>
        {canManage ? (
          <div className="sm:col-span-2">
            <Button type="submit">{list ? t('settings.save') : t('settings.create')}</Button>
          </div>
        ) : null}
      </Form>
    </Card>
  )
}

function StatusCard({ list, canManage }: { list: PriceListDetail; canManage: boolean }) {
  const { t } = useTranslation('pricing')
  return (
    <Card aria-labelledby="status-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle id="status-title">
            {t('status.title')} <Badge variant={list.isActive ? 'accept' : 'secondary'}>{list.isActive ? t('status.active') : t('status.inactive')}</Badge>
          </CardTitle>
          <CardDescription>{t('status.hint')}</CardDescription>
        </div>
        {canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value={list.isActive ? 'deactivate' : 'activate'} />
            <Button type="submit" variant={list.isActive ? 'secondary' : 'primary'}>
              {list.isActive ? t('status.deactivate') : t('status.activate')}
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  )
}

function ReadOnlyLines({ list }: { list: PriceListDetail }) {
  const { t } = useTranslation('pricing')
  if (list.lines.length === 0) return <p className="text-sm text-muted-foreground">{t('lines.empty')}</p>
  return (
    <Table stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('lines.product')}</TableHead>
          <TableHead>{t('lines.minQuantity')}</TableHead>
          <TableHead>{t('lines.unitPrice', { currency: list.currency })}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell>
              {line.sku} · {line.productName}
            </TableCell>
            <TableCell label={t('lines.minQuantity')}>{line.minQuantity}</TableCell>
            <TableCell label={t('lines.unitPrice', { currency: list.currency })}>
              <Money amount={line.unitPrice} currency={list.currency} unitPrice />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function OtherLists({ lists, currentId, canManage }: { lists: Route.ComponentProps['loaderData']['lists']; currentId: string | null; canManage: boolean }) {
  const { t } = useTranslation('pricing')
  const { locale } = useRootData()
  return (
    <nav aria-labelledby="lists-title">
      <Card>
        <CardTitle id="lists-title" className="mb-3">
          {t('nav.heading')}
        </CardTitle>
        {lists.length === 0 ? <p className="text-sm text-muted-foreground">{t('nav.empty')}</p> : null}
        <ul className="grid gap-1">
          {lists.map((other) => (
            <li key={other.id}>
              <Link
                to={localizePath(locale, `/app/price/${other.id}.list`)}
                aria-current={other.id === currentId ? 'page' : undefined}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm hover:bg-muted aria-[current=page]:font-semibold"
              >
                <span>
                  {other.name} · {other.currency}
                </span>
                {other.isActive ? <Badge variant="accept">{t('status.active')}</Badge> : null}
              </Link>
            </li>
          ))}
        </ul>
        {canManage ? (
          <Link
            to={localizePath(locale, '/app/price/new.list')}
            className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('nav.new')}
          </Link>
        ) : null}
      </Card>
    </nav>
  )
}
