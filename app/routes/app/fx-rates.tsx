import { Form, Link, useNavigation } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { Sparkline } from '../../components/charts/sparkline'
import { FormError, useFieldErrors } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/field'
import { Input } from '../../components/ui/input'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useFormatter } from '../../components/use-formatter'
import { requirePlatformAdmin } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { isAppError } from '../../platform/errors'
import { failure, failureFromError, type FormFailure, parseForm, withRouteErrors } from '../../platform/forms.server'
import {
  ecbImporter,
  importEcbRates,
  listCurrentRates,
  RATE_HISTORY_DAYS,
  type RatePoint,
  rateHistory,
  saveRate,
} from '../../platform/fx/fx-admin.service.server'
import { FxRateInput } from '../../platform/fx/fx-rate.inputs'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { pageData } from '../page-data.server'
import { useRootData } from '../route-helpers'
import type { RouteHandle } from '../../platform/ui/route-handle'
import type { Route } from './+types/fx-rates'

const IMPORT_PROBLEMS = ['not_configured', 'unreachable', 'malformed'] as const
type ImportProblem = (typeof IMPORT_PROBLEMS)[number]
const PROBLEM_MESSAGE: Record<ImportProblem, 'fx.notConfigured' | 'fx.unreachable' | 'fx.malformed'> = {
  not_configured: 'fx.notConfigured',
  unreachable: 'fx.unreachable',
  malformed: 'fx.malformed',
}

type FxActionResult =
  | { ok: true; intent: 'save' }
  | { ok: true; intent: 'import'; asOf: string; count: number }
  | { ok: false; intent: 'import'; problem: ImportProblem }
  | (FormFailure & { intent?: string })

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  await withRouteErrors(async () => requirePlatformAdmin(ctx.actor))
  const [rates, history] = await Promise.all([listCurrentRates(), rateHistory()])
  const editing = new URL(request.url).searchParams.get('currency')
  return {
    ...pageData(ctx.locale, 'comparison', 'fx.metaTitle'),
    rates: rates.map((rate) => ({
      currency: rate.currency,
      ratePerEur: rate.ratePerEur,
      asOf: rate.asOf,
      source: rate.source,
      history: history?.byCurrency[rate.currency] ?? [],
    })),
    historyWindow: history ? { from: history.from, to: history.to, days: RATE_HISTORY_DAYS } : null,
    editing: rates.find((rate) => rate.currency === editing) ?? null,
    importer: ecbImporter(),
    today: new Date().toISOString().slice(0, 10),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  await withRouteErrors(async () => requirePlatformAdmin(ctx.actor))
  const form = await request.formData()
  if (form.get('intent') === 'import') {
    try {
      const result = await importEcbRates(ctx)
      return { ok: true as const, intent: 'import' as const, asOf: result.asOf, count: result.count }
    } catch (error) {
      const problem = isAppError(error) ? error.details?.reason : undefined
      if (IMPORT_PROBLEMS.includes(problem as ImportProblem))
        return failure({ ok: false, fieldErrors: {} }, isAppError(error) ? error.status : 503, { intent: 'import', problem: problem as ImportProblem })
      return failureFromError(error, { intent: 'import' })
    }
  }
  const parsed = parseForm(FxRateInput, form)
  if (!parsed.ok) return failure(parsed, 422, { intent: 'save' })
  try {
    await saveRate(ctx, parsed.data)
    return { ok: true as const, intent: 'save' as const }
  } catch (error) {
    return failureFromError(error, { intent: 'save' })
  }
}

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** A currency's recent rates as a sparkline, the change over the window beside it, and the same in words for screen readers. */
function RateTrend({ history, window }: { history: RatePoint[]; window: { from: string; to: string; days: number } }) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  const first = history[0]
  const last = history.at(-1)
  const rate = (value: string) => format.number(value, { maximumFractionDigits: 6 })
  const points = history.map((point) => ({ at: dayTime(point.asOf), value: Number(point.ratePerEur) }))
  const domain: [number, number] = [dayTime(window.from), dayTime(window.to)]
  if (!first || !last) return <span className="text-muted-foreground">{t('fx.trendNone', { days: window.days })}</span>
  if (first === last)
    return (
      <Sparkline
        points={points}
        domain={domain}
        description={t('fx.trendSingle', { days: window.days, rate: rate(last.ratePerEur), date: format.date(last.asOf) })}
      />
    )
  const change = format.percent(Number(last.ratePerEur) / Number(first.ratePerEur) - 1, {
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  return (
    <Sparkline
      points={points}
      domain={domain}
      description={t('fx.trendText', {
        from: rate(first.ratePerEur),
        fromDate: format.date(first.asOf),
        to: rate(last.ratePerEur),
        toDate: format.date(last.asOf),
        change,
      })}
    >
      <span className="text-xs text-muted-foreground tabular-nums">{change}</span>
    </Sparkline>
  )
}

export default function FxRatesPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('comparison')
  const { locale } = useRootData()
  const format = useFormatter()
  const busy = useNavigation().state === 'submitting'
  const result = actionData as FxActionResult | undefined
  const fieldErrors = result && !result.ok && 'fieldErrors' in result && result.intent === 'save' ? result.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'comparison')
  const formError = result && !result.ok && 'formError' in result ? result.formError : undefined
  const importProblem = result && !result.ok && 'problem' in result ? result.problem : undefined

  return (
    <AppPage title={t('fx.title')} description={t('fx.description')}>
      {result?.ok && result.intent === 'save' ? <Alert tone="success">{t('fx.saved')}</Alert> : null}
      {result?.ok && result.intent === 'import' ? (
        <Alert tone="success">{t('fx.imported', { count: result.count, date: format.date(result.asOf) })}</Alert>
      ) : null}
      {importProblem ? <Alert tone={importProblem === 'not_configured' ? 'warning' : 'error'}>{t(PROBLEM_MESSAGE[importProblem])}</Alert> : null}
      <FormError error={formError} />

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="fx-rates-heading">
          <h2 id="fx-rates-heading" className="sr-only">
            {t('fx.caption')}
          </h2>
          {data.rates.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('fx.empty')}</p>
          ) : (
            <Table stackOnPhone>
              <TableCaption>{t('fx.caption')}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('fx.currency')}</TableHead>
                  <TableHead className="text-end">{t('fx.rate')}</TableHead>
                  <TableHead>{t('fx.asOf')}</TableHead>
                  <TableHead>{t('fx.source')}</TableHead>
                  {data.historyWindow ? <TableHead>{t('fx.trend', { days: data.historyWindow.days })}</TableHead> : null}
                  <TableHead>
                    <span className="sr-only">{t('fx.edit')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rates.map((rate) => (
                  <TableRow key={rate.currency}>
                    <TableHead scope="row">{rate.currency}</TableHead>
                    <TableCell label={t('fx.rate')} className="text-end tabular-nums">
                      {format.number(rate.ratePerEur, { maximumFractionDigits: 10 })}
                    </TableCell>
                    <TableCell label={t('fx.asOf')}>{format.date(rate.asOf)}</TableCell>
                    <TableCell label={t('fx.source')}>{t(`fx.sources.${rate.source}`)}</TableCell>
                    {data.historyWindow ? (
                      <TableCell label={t('fx.trend', { days: data.historyWindow.days })}>
                        <RateTrend history={rate.history} window={data.historyWindow} />
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <Link
                        to={`${localizePath(locale, '/app/fx-rates')}?currency=${rate.currency}`}
                        className="text-primary hover:underline"
                        aria-label={`${t('fx.edit')} ${rate.currency}`}
                      >
                        {t('fx.edit')}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {data.historyWindow && data.rates.length > 0 ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('fx.trendNote', { days: data.historyWindow.days, from: format.date(data.historyWindow.from), to: format.date(data.historyWindow.to) })}
            </p>
          ) : null}
        </section>

        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-3 p-4">
            <CardTitle>{t('fx.formTitle')}</CardTitle>
            <CardDescription>{t('fx.formHint')}</CardDescription>
            <Form method="post" className="flex flex-col gap-3" key={data.editing?.currency ?? 'new'}>
              <input type="hidden" name="intent" value="save" />
              <FormField label={t('fx.currency')} errors={fieldError('currency')}>
                {(control) => (
                  <Input {...control} name="currency" defaultValue={data.editing?.currency ?? ''} maxLength={3} autoCapitalize="characters" required />
                )}
              </FormField>
              <FormField label={t('fx.rate')} errors={fieldError('ratePerEur')}>
                {(control) => <Input {...control} name="ratePerEur" inputMode="decimal" defaultValue={data.editing?.ratePerEur ?? ''} required />}
              </FormField>
              <FormField label={t('fx.asOf')} errors={fieldError('asOf')}>
                {(control) => <Input {...control} name="asOf" type="date" defaultValue={data.today} required />}
              </FormField>
              <Button type="submit" disabled={busy} className="self-start">
                {t('fx.save')}
              </Button>
            </Form>
          </Card>

          <Card className="flex flex-col gap-3 p-4">
            <CardTitle>{t('fx.importTitle')}</CardTitle>
            <CardDescription>{t('fx.importDescription')}</CardDescription>
            <p className="text-sm">{data.importer.url ? t('fx.importSource', { url: data.importer.url }) : t('fx.importOff')}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="import" />
              <Button type="submit" variant="secondary" disabled={busy || !data.importer.configured}>
                {t('fx.importButton')}
              </Button>
            </Form>
          </Card>
        </div>
      </div>
    </AppPage>
  )
}
