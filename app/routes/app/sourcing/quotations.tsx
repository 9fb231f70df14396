import { randomUUID } from 'node:crypto'
import { Form, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { PartyConversations } from '../../../modules/messaging/index'
import {
  AwardRfqInput,
  AwardedOrders,
  ComparisonAssumptionsForm,
  ComparisonAwardPanel,
  ComparisonCurrency,
  ComparisonMatrix,
  ComparisonQuotationDecisions,
  type OpenComparison,
  QuotationDecisionInput,
  readAwardForm,
  SaveAssumptionsInput,
  useAwardSelection,
  type AwardedOrder,
} from '../../../modules/sourcing/index'
import { comparisonFor, decideQuotation, listComparableRfqs, saveAssumptions, type Comparison } from '../../../modules/sourcing/index.server'
import { awardQuotations } from '../../../workflows/award-quotations.server'
import type { ServiceContext } from '../../../platform/actor'
import { AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, type FormFailure, formToObject, withRouteErrors } from '../../../platform/forms.server'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { rateTable } from '../../../platform/fx/fx.service.server'
import { useTranslation } from '../../../platform/i18n/react'
import { translator } from '../../../platform/i18n/translate.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { partyThreads } from '../inbox/party-threads.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/quotations'
import { PAGE_MESSAGES } from '../../page-messages'

const AWARD_FORM_ID = 'comparison-award'

/** What the action answers: which form succeeded (with the orders an award created), or its errors. */
type ComparisonActionResult = { ok: true; intent: string; purchaseOrders: AwardedOrder[] } | (FormFailure & { intent?: string; quotationId?: string })

/** The comparison in the currency asked for; an unknown or unconvertible currency falls back to the RFQ's, said so. */
async function loadComparison(ctx: ServiceContext, rfqId: string, requested: string | null): Promise<{ comparison: Comparison; currencyRefused: boolean }> {
  const currency = requested ? ComparisonCurrency.safeParse(requested) : null
  if (currency && !currency.success) return { comparison: await comparisonFor(ctx, rfqId), currencyRefused: true }
  try {
    return { comparison: await comparisonFor(ctx, rfqId, currency ? { currency: currency.data } : {}), currencyRefused: false }
  } catch (error) {
    if (!currency || !isAppError(error) || error.code !== 'validation_failed') throw error
    return { comparison: await comparisonFor(ctx, rfqId), currencyRefused: true }
  }
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const rfqId = url.searchParams.get('rfq')
  const [rfqs, rates, selected] = await withRouteErrors(() =>
    Promise.all([listComparableRfqs(ctx), rateTable(), rfqId ? loadComparison(ctx, rfqId, url.searchParams.get('currency')) : null]),
  )
  const visible = selected && !selected.comparison.sealed ? selected.comparison.suppliers : []
  // Negotiating a quotation happens in its own thread with the supplier.
  const quotationThreads = await partyThreads(
    ctx,
    visible.map((supplier) => ({ id: supplier.quotationId, name: supplier.supplierName, target: { kind: 'quotation', quotationId: supplier.quotationId } })),
  )
  const page = pageData(ctx.locale, 'comparison', 'metaTitle', PAGE_MESSAGES.quotationComparison)
  return {
    ...page,
    quotationThreads,
    rfqs,
    rfqId,
    currencies: ['EUR', ...Object.keys(rates.perEur)].sort(),
    comparison: selected?.comparison ?? null,
    currencyRefused: selected?.currencyRefused ?? false,
    // A new key after each award, so the next award of other lines is not taken for a retry of this one.
    awardKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The workflow reports problems under `lines.<i>…`; the page shows them beside the line they concern. */
function byLine(fields: Record<string, string[]>, lines: Array<{ rfqLineId: string }>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, keys]) => {
      const match = /^lines\.(\d+)/.exec(field)
      const line = match ? lines[Number(match[1])] : undefined
      return [line ? `line.${line.rfqLineId}` : field, keys]
    }),
  )
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const rfqId = new URL(request.url).searchParams.get('rfq') ?? ''
  const form = await request.formData()
  const raw = formToObject(form, ['saveAsDefault'])
  const intent = String(raw.intent ?? '')
  if (intent === 'assumptions') {
    const parsed = SaveAssumptionsInput.safeParse(raw)
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent })
    try {
      await saveAssumptions(ctx, rfqId, parsed.data)
      return { ok: true as const, intent, purchaseOrders: [] as AwardedOrder[] }
    } catch (error) {
      return failureFromError(error, { intent })
    }
  }
  if (intent === 'decide') {
    const quotationId = String(raw.quotationId ?? '')
    const parsed = QuotationDecisionInput.safeParse(raw)
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, quotationId })
    try {
      await decideQuotation(ctx, quotationId, parsed.data)
      return { ok: true as const, intent, purchaseOrders: [] as AwardedOrder[] }
    } catch (error) {
      return failureFromError(error, { intent, quotationId })
    }
  }
  const lines = readAwardForm(raw)
  // The award's own input, as the API takes it: notes over 2,000 characters are a field error, never cut.
  const parsed = AwardRfqInput.safeParse({ lines, notes: raw.notes })
  if (!parsed.success) return failure({ ok: false, fieldErrors: byLine(fieldErrorsOf(parsed.error), lines) }, 422, { intent: 'award' })
  try {
    const result = await awardQuotations(ctx, rfqId, parsed.data, idempotencyOfForm(form))
    return { ok: true as const, intent: 'award', purchaseOrders: result.purchaseOrders }
  } catch (error) {
    if (isAppError(error) && error.details?.reason === 'quoting_open')
      return failure(
        { ok: false, fieldErrors: {}, formError: { code: error.code, message: translator(ctx.locale, 'comparison')('award.quotingOpen') } },
        error.status,
        { intent: 'award' },
      )
    if (isAppError(error) && error.details?.fields) {
      const fields = byLine(error.details.fields as Record<string, string[]>, lines)
      return failureFromError(new AppError(error.code, error.message, { ...error.details, fields }), { intent: 'award' })
    }
    return failureFromError(error, { intent: 'award' })
  }
}

export default function ComparisonPage({ loaderData: data, actionData }: Route.ComponentProps) {
  // A quotation submitted, revised or withdrawn by a supplier (or this RFQ changing) shows up without a reload.
  useLiveRevalidate((change) => (change.entity === 'rfq' ? change.id === data.rfqId : change.entity === 'quotation' && change.rfqId === data.rfqId))
  const { t } = useTranslation('comparison')
  const { t: tChat } = useTranslation('chat')
  const { locale } = useRootData()
  const format = useFormatter()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData as ComparisonActionResult | undefined
  const failed = result && !result.ok ? result : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'comparison')
  const errorsOf = (intent: string) => (failed?.intent === intent ? fieldError : () => undefined)
  const done = result?.ok ? result : undefined
  const { comparison } = data
  const lineErrors = Object.fromEntries(
    Object.entries(failed?.intent === 'award' ? failed.fieldErrors : {}).flatMap(([field]) =>
      field.startsWith('line.') ? [[field.slice('line.'.length), fieldError(field) ?? []]] : [],
    ),
  )

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('page.description')}</p>
      </header>

      {data.rfqs.length === 0 && !comparison ? (
        <EmptyState title={t('page.noRfqs')} description={t('page.noRfqsHint')} />
      ) : (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <FormField label={t('page.chooseRfq')} className="min-w-72">
            {(control) => (
              <NativeSelect {...control} name="rfq" defaultValue={data.rfqId ?? ''} required>
                <option value="" disabled>
                  {t('page.chooseRfqPlaceholder')}
                </option>
                {data.rfqs.map((rfq) => (
                  <option key={rfq.id} value={rfq.id}>
                    {t('page.rfqOption', { number: rfq.number, title: rfq.title, count: rfq.quoteCount })}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {comparison && !comparison.sealed ? (
            <FormField label={t('page.currency')}>
              {(control) => (
                <NativeSelect {...control} name="currency" defaultValue={comparison.currency}>
                  {data.currencies.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          <Button type="submit" variant="secondary">
            {t('page.show')}
          </Button>
        </Form>
      )}

      {done?.intent === 'award' ? <AwardedOrders orders={done.purchaseOrders} locale={locale} /> : null}
      {done?.intent === 'assumptions' ? <Alert tone="success">{t('assumptions.saved')}</Alert> : null}
      {done?.intent === 'decide' ? <Alert tone="success">{t('decisions.saved')}</Alert> : null}
      <FormError error={failed?.formError} />
      {data.currencyRefused ? <Alert tone="warning">{t('page.currencyRefused')}</Alert> : null}

      {comparison?.sealed ? (
        <Alert tone="info" title={t('sealed.title', { number: comparison.rfq.number })}>
          {t('sealed.body', { deadline: format.dateTime(comparison.deadline), count: comparison.count })}
        </Alert>
      ) : null}

      {comparison && !comparison.sealed ? (
        <>
          <MatrixAndAward
            key={comparison.rfq.id}
            comparison={comparison}
            lineErrors={lineErrors}
            fieldError={errorsOf('award')}
            busy={busy}
            awardKey={data.awardKey}
          />

          <Card className="flex flex-col gap-3 p-4">
            <CardTitle id="comparison-assumptions-heading">{t('assumptions.title')}</CardTitle>
            <CardDescription>{t('assumptions.description')}</CardDescription>
            <ComparisonAssumptionsForm
              assumptions={comparison.assumptions}
              source={comparison.assumptionsSource}
              canSaveDefault={comparison.actions.saveDefaultAssumptions}
              fieldError={errorsOf('assumptions')}
              busy={busy}
            />
          </Card>

          {comparison.suppliers.length > 0 ? (
            <section aria-labelledby="comparison-decisions-heading" className="flex flex-col gap-3">
              <h2 id="comparison-decisions-heading" className="text-lg font-semibold">
                {t('decisions.title')}
              </h2>
              <ComparisonQuotationDecisions
                suppliers={comparison.suppliers}
                failedQuotationId={failed?.intent === 'decide' ? (failed.quotationId ?? null) : null}
                fieldError={errorsOf('decide')}
                busy={busy}
              />
            </section>
          ) : null}
          <PartyConversations
            locale={locale}
            titleId="comparison-conversations-title"
            title={tChat('entry.quotationConversations')}
            threads={data.quotationThreads}
          />
        </>
      ) : null}
    </div>
  )
}

type MatrixAndAwardProps = {
  comparison: OpenComparison
  lineErrors: Record<string, string[]>
  fieldError: (field: string) => string[] | undefined
  awardKey: string
  busy: boolean
}

/** The matrix and the award panel share one selection: the lines ticked in the table and the offer chosen for each. */
function MatrixAndAward({ comparison, lineErrors, fieldError, busy, awardKey }: MatrixAndAwardProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  const selection = useAwardSelection(comparison.lines)
  const supplierName = (quotationId: string) => comparison.suppliers.find((supplier) => supplier.quotationId === quotationId)?.supplierName ?? ''
  return (
    <>
      <section aria-labelledby="comparison-matrix-heading" className="flex flex-col gap-3">
        <h2 id="comparison-matrix-heading" className="text-lg font-semibold">
          {t('matrix.title', { number: comparison.rfq.number, title: comparison.rfq.title })}
        </h2>
        <p className="text-sm text-muted-foreground">
          {comparison.ratesAsOf ? t('matrix.ratesAsOf', { date: format.date(comparison.ratesAsOf), currency: comparison.currency }) : t('matrix.noRates')}
        </p>
        {comparison.suppliers.length === 0 ? (
          <p className="text-sm">{t('matrix.noQuotes')}</p>
        ) : (
          <ComparisonMatrix comparison={comparison} awardFormId={AWARD_FORM_ID} lineErrors={lineErrors} selection={selection} />
        )}
      </section>

      {comparison.suppliers.length > 0 ? (
        <Card className="flex flex-col gap-3 p-4">
          <CardTitle id="comparison-award-heading">{t('award.title')}</CardTitle>
          <ComparisonAwardPanel
            formId={AWARD_FORM_ID}
            lines={comparison.lines}
            supplierName={supplierName}
            selection={selection}
            awardCheck={comparison.awardCheck}
            quoteDeadline={comparison.rfq.quoteDeadline}
            fieldError={fieldError}
            busy={busy}
            idempotencyKey={awardKey}
          />
        </Card>
      ) : null}
    </>
  )
}
