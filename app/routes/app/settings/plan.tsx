import { data, Link, useActionData, useLoaderData } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import {
  ChangePlanInput,
  type LimitReach,
  PLAN_PERIODS,
  type PlanChoice,
  PlanChoices,
  PlanHistory,
  PlanInvoicePayment,
  PlanInvoiceTable,
  type PlanPeriod,
  UsageMeters,
  formatLimitValue,
  limitsOf,
  pricesOf,
} from '../../../modules/billing/index'
import {
  changePlan,
  companyPlan,
  companyPlanInvoices,
  listPlans,
  type Plan,
  planInvoiceRow,
  planHistory,
  planUsage,
} from '../../../modules/billing/index.server'
import { platformBankDetails } from '../../../modules/finance/index.server'
import { Pagination } from '../../../components/ui/pagination'
import { canEditCompany, SettingsNav } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { type AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath, type Locale } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/plan'

/** A plan as the page offers it, in the viewer's language, with prices as billed. */
function choiceOf(plan: Plan, locale: Locale, currentIndex: number, index: number): PlanChoice {
  return {
    id: plan.id,
    name: plan.name[locale],
    description: plan.description[locale],
    prices: {
      monthly: { amount: pricesOf(plan).monthly, currency: plan.currency },
      yearly: { amount: pricesOf(plan).yearly, currency: plan.currency },
    },
    limits: limitsOf(plan),
    upgrade: currentIndex < 0 ? plan.monthlyPriceMinor > 0n : index > currentIndex,
  }
}

const invoicePageOf = (url: URL) => {
  const page = Number(url.searchParams.get('invoices') ?? '1')
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The plan and period a link from the pricing page asks for, when it names a plan on offer. */
function preselectOf(url: URL, offered: readonly string[]): { planId: string; period: PlanPeriod } | null {
  const planId = url.searchParams.get('plan') ?? ''
  const period = url.searchParams.get('period') as PlanPeriod
  return offered.includes(planId) ? { planId, period: PLAN_PERIODS.includes(period) ? period : 'monthly' } : null
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const locale = ctx.locale
  const url = new URL(request.url)
  const canChange = canEditCompany(ctx.actor)
  const [current, usage, everyPlan, history, invoices] = await withRouteErrors(() =>
    Promise.all([
      companyPlan(ctx),
      planUsage(ctx),
      listPlans({ includeRetired: true }),
      planHistory(ctx),
      // Invoices are for the owners and admins, who choose the plan and pay for it.
      canChange ? companyPlanInvoices(ctx, { page: invoicePageOf(url) }) : null,
    ]),
  )
  const offered = everyPlan.filter((plan) => !plan.retiredAt)
  const currentIndex = offered.findIndex((plan) => plan.id === current.plan.id)
  const names = new Map(everyPlan.map((plan) => [plan.id, plan.name[locale]]))
  return {
    ...pageData(locale, 'billing', 'metaTitle', PAGE_MESSAGES.planSettings),
    current: {
      id: current.plan.id,
      name: current.plan.name[locale],
      description: current.plan.description[locale],
      period: current.period,
      price: choiceOf(current.plan, locale, -1, 0).prices[current.period],
      periodStart: current.periodStart.toISOString(),
      periodEnd: current.periodEnd.toISOString(),
      limits: limitsOf(current.plan),
      next: current.next ? { name: current.next.plan.name[locale], period: current.next.period } : null,
    },
    usage,
    plans: offered.map((plan, index) => choiceOf(plan, locale, currentIndex, index)),
    history: history.map((change) => ({
      id: String(change.sequence),
      kind: change.kind,
      from: change.fromPlanId ? (names.get(change.fromPlanId) ?? change.fromPlanId) : null,
      to: names.get(change.toPlanId) ?? change.toPlanId,
      effectiveAt: change.effectiveAt.toISOString(),
      createdAt: change.createdAt.toISOString(),
    })),
    canChange,
    invoices: invoices
      ? { items: invoices.items.map((invoice) => planInvoiceRow(invoice, locale)), total: invoices.total, page: invoices.page, pageSize: invoices.pageSize }
      : null,
    bank: invoices?.items.some((invoice) => invoice.status === 'open') ? platformBankDetails() : null,
    preselect: preselectOf(
      url,
      offered.map((plan) => plan.id),
    ),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionResult =
  | { ok: true; kind: 'upgraded' | 'scheduled' | 'cancelled'; plan: string; date: string }
  | { ok: false; formError?: FormErrorData; fieldErrors?: Record<string, string[]>; blocked?: { plan: string; over: LimitReach[] } }

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const parsed = parseForm(ChangePlanInput, form)
  if (!parsed.ok) return failure(parsed)
  try {
    const before = await companyPlan(ctx)
    const after = await changePlan(ctx, parsed.data)
    const kind = after.plan.id !== before.plan.id || after.period !== before.period ? 'upgraded' : after.next ? 'scheduled' : 'cancelled'
    const plan = (after.next?.plan ?? after.plan).name[ctx.locale]
    return { ok: true as const, kind, plan, date: after.periodEnd.toISOString() }
  } catch (thrown) {
    if (isAppError(thrown) && thrown.code === 'plan_downgrade_blocked') {
      const planName = (await listPlans({ includeRetired: true })).find((plan) => plan.id === parsed.data.planId)?.name[ctx.locale] ?? parsed.data.planId
      const refused = failureFromError(thrown)
      return data({ ...refused.data, blocked: { plan: planName, over: (thrown as AppError).details?.over as LimitReach[] } }, { status: 409 })
    }
    return failureFromError(thrown)
  }
}

export default function PlanSettings() {
  const { current, usage, plans, history, canChange, preselect, invoices, bank } = useLoaderData<typeof loader>()
  const result = useActionData<ActionResult>()
  const { t } = useTranslation('billing')
  const { locale } = useRootData()
  const format = useFormatter()
  const free = Number(current.price.amount) === 0
  return (
    <div className="flex flex-col gap-6">
      <SettingsNav locale={locale} />
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('intro')}</p>
      </header>
      {result?.ok ? (
        <Alert tone="success">
          {result.kind === 'upgraded'
            ? t('change.upgraded', { plan: result.plan })
            : result.kind === 'scheduled'
              ? t('change.scheduled', { plan: result.plan, date: format.date(result.date) })
              : t('current.downgradeCancelled', { plan: result.plan })}
        </Alert>
      ) : null}
      {result && !result.ok && result.blocked ? (
        <Alert tone="error" title={t('change.blocked', { plan: result.blocked.plan })}>
          <ul className="list-disc ps-5">
            {result.blocked.over.map((reach) => (
              <li key={reach.key}>
                {t('change.overLimit', {
                  limit: t(`limits.${reach.key}`),
                  usage: formatLimitValue(format, reach.key, reach.usage),
                  plan: result.blocked?.plan,
                  max: formatLimitValue(format, reach.key, reach.limit),
                })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : result && !result.ok ? (
        <FormError error={result.formError} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="plan-current" className="p-4 sm:p-6">
          <CardHeader>
            <CardTitle id="plan-current">{t('current.heading')}</CardTitle>
            <CardDescription>{current.description}</CardDescription>
          </CardHeader>
          <div className="mt-3 flex flex-col gap-2 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-xl font-semibold" data-current-plan={current.id}>
                {current.name}
              </span>
              <span className="tabular-nums text-muted-foreground">
                {free ? t('free') : t(`perPeriod.${current.period}`, { price: format.money(current.price.amount, current.price.currency) })}
              </span>
            </p>
            <p className="text-muted-foreground">
              {t('current.periodRange', { start: format.date(current.periodStart), end: format.date(current.periodEnd) })}
            </p>
          </div>
          {current.next ? (
            <div className="mt-4 flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
              <p>
                {t('current.nextDowngrade', { plan: current.next.name, period: t(`periods.${current.next.period}`), date: format.date(current.periodEnd) })}
              </p>
              {canChange ? (
                <ConfirmDialog
                  className="w-fit"
                  triggerLabel={t('current.cancelDowngrade', { plan: current.name })}
                  confirmVariant="primary"
                  title={t('current.cancelDowngrade', { plan: current.name })}
                  description={t('current.downgradeCancelled', { plan: current.name })}
                  confirmLabel={t('change.confirm')}
                >
                  <input type="hidden" name="intent" value="change" />
                  <input type="hidden" name="planId" value={current.id} />
                  <input type="hidden" name="period" value={current.period} />
                </ConfirmDialog>
              ) : null}
            </div>
          ) : null}
        </Card>
        <Card aria-labelledby="plan-usage" className="p-4 sm:p-6">
          <CardHeader>
            <CardTitle id="plan-usage">{t('usage.heading')}</CardTitle>
          </CardHeader>
          <div className="mt-3">
            <UsageMeters limits={current.limits} usage={usage} />
          </div>
        </Card>
      </div>
      <Card aria-labelledby="plan-change" className="p-4 sm:p-6">
        <CardHeader>
          <CardTitle id="plan-change">{t('change.heading')}</CardTitle>
          <CardDescription>
            {t('change.intro')}{' '}
            <Link to={localizePath(locale, '/pricing')} className="text-primary underline underline-offset-4">
              {t('change.compare')}
            </Link>
          </CardDescription>
        </CardHeader>
        {canChange ? null : <p className="mt-3 text-sm text-muted-foreground">{t('change.notAllowed')}</p>}
        <div className="mt-4">
          <PlanChoices plans={plans} current={current} periodEnd={current.periodEnd} canChange={canChange} preselect={preselect} />
        </div>
      </Card>
      {invoices ? (
        <Card aria-labelledby="plan-invoices" className="p-4 sm:p-6" id="invoices">
          <CardHeader>
            <CardTitle id="plan-invoices">{t('invoices.heading')}</CardTitle>
            <CardDescription>{t('invoices.intro')}</CardDescription>
          </CardHeader>
          <div className="mt-3 flex flex-col gap-4">
            {bank ? <PlanInvoicePayment invoices={invoices.items} bank={bank} /> : null}
            <PlanInvoiceTable
              invoices={invoices.items}
              empty={t('invoices.empty')}
              pdfHref={(id) => localizePath(locale, `/app/settings/plan/invoices/${id}/pdf?download=1`)}
            />
            <Pagination
              total={invoices.total}
              offset={(invoices.page - 1) * invoices.pageSize}
              limit={invoices.pageSize}
              hrefFor={(offset) => `?invoices=${offset / invoices.pageSize + 1}#invoices`}
            />
          </div>
        </Card>
      ) : null}
      <Card aria-labelledby="plan-history" className="p-4 sm:p-6">
        <CardHeader>
          <CardTitle id="plan-history">{t('history.heading')}</CardTitle>
        </CardHeader>
        <div className="mt-3">
          <PlanHistory entries={history} />
        </div>
      </Card>
    </div>
  )
}
