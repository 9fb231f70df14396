import { data, Link, redirect, useNavigation } from 'react-router'
import { AppPage } from '../../components/layouts/app-page'
import { FormError } from '../../components/form-error'
import { Alert } from '../../components/ui/alert'
import { buttonClasses } from '../../components/ui/button'
import {
  ChangePlanInput,
  CompanyPlanAssign,
  type CompanyPlanRow,
  CreatePlanInput,
  limitsOf,
  newPlanFormValues,
  PlanAdminForm,
  PlanAdminList,
  type PlanActionFailure,
  type PlanAdminRow,
  type PlanFormValues,
  pricesOf,
  type PlanPeriod,
  MarkPlanInvoicePaidInput,
  PlanInvoiceAdminActions,
  type PlanInvoiceActionFailure,
  PlanInvoiceTable,
  planFormValues,
  planInputOf,
  planValuesFromList,
  planValuesList,
  sentPlanFormValues,
  UpdatePlanInput,
} from '../../modules/billing/index'
import {
  assignPlan,
  companiesPerPlan,
  companySubscriptions,
  createPlan,
  getPlan,
  listPlans,
  makeDefaultPlan,
  type Plan,
  allPlanInvoices,
  planInvoiceCounts,
  planInvoiceRow,
  retirePlan,
  updatePlan,
  voidPlanInvoice,
} from '../../modules/billing/index.server'
import { Pagination } from '../../components/ui/pagination'
import { markPlanInvoicePaid } from '../../workflows/plan-invoices.server'
import { requirePlatformAdmin } from '../../modules/companies/index'
import { companyName, companyNames, findCompaniesByName, requireActor } from '../../modules/companies/index.server'
import type { ServiceContext } from '../../platform/actor'
import { countryName } from '../../platform/countries'
import { AppError } from '../../platform/errors'
import { failure, failureFromError, withRouteErrors } from '../../platform/forms.server'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import type { RouteHandle } from '../../platform/ui/route-handle'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { useRootData } from '../route-helpers'
import type { Route } from './+types/plans'

// /app/plans (issue 24): platform admins keep the plans companies can be on — create, edit, retire, make one the
// default — and put a company found by name on a plan. `?new=1` or `?edit=<id>` opens the plan form above the list.

const SAVED = ['created', 'updated'] as const
const SAVED_NOTICE = { created: 'done.created', updated: 'done.updated' } as const satisfies Record<(typeof SAVED)[number], string>
const COMPANY_RESULTS = 10

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

function planRow(plan: Plan, companies: number): PlanAdminRow {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    currency: plan.currency,
    monthlyPrice: pricesOf(plan).monthly,
    yearlyPrice: pricesOf(plan).yearly,
    limits: limitsOf(plan),
    features: plan.features,
    position: plan.position,
    isDefault: plan.isDefault,
    retiredAt: plan.retiredAt?.toISOString() ?? null,
    version: plan.version,
    companies,
  }
}

/** The companies whose name holds `query`, each with the plan it is on now (the default until it has started one). */
async function companyRows(ctx: ServiceContext, query: string, plans: Plan[]): Promise<{ rows: CompanyPlanRow[]; more: boolean }> {
  const found = await findCompaniesByName(ctx, query, COMPANY_RESULTS)
  const subscriptions = await companySubscriptions(
    ctx,
    found.items.map((company) => company.id),
  )
  const nameOf = (planId: string) => plans.find((plan) => plan.id === planId)?.name[ctx.locale] ?? planId
  const defaultPlan = plans.find((plan) => plan.isDefault)
  const rows = found.items.map((company): CompanyPlanRow => {
    const subscription = subscriptions.get(company.id)
    const planId = subscription?.planId ?? defaultPlan?.id ?? ''
    return {
      id: company.id,
      name: company.name,
      legalName: company.legalName,
      country: company.country ? countryName(company.country, ctx.locale) : null,
      plan: { id: planId, name: nameOf(planId), period: subscription?.period ?? 'monthly', started: subscription !== undefined },
      next: subscription?.next ? { name: nameOf(subscription.next.planId), date: subscription.periodEnd.toISOString() } : null,
      version: subscription?.version ?? 0,
    }
  })
  return { rows, more: found.more }
}

const INVOICE_FILTERS = ['open', 'overdue', 'paid', 'void', 'all'] as const

/** The invoices the admin asked for (`?invoices=<status>&invoicePage=<n>`; the open ones by default), with company names. */
async function invoiceRows(ctx: ServiceContext, search: URLSearchParams) {
  const filter = INVOICE_FILTERS.find((value) => value === search.get('invoices')) ?? 'open'
  const requested = Number(search.get('invoicePage') ?? '1')
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1
  const [found, counts] = await Promise.all([allPlanInvoices(ctx, { status: filter === 'all' ? undefined : filter, page }), planInvoiceCounts(ctx)])
  const names = await companyNames(found.items.map((invoice) => invoice.organizationId))
  return {
    filter,
    counts: { ...counts, all: counts.open + counts.paid + counts.void },
    items: found.items.map((invoice) => planInvoiceRow(invoice, ctx.locale, names.get(invoice.organizationId) ?? invoice.organizationId)),
    total: found.total,
    page: found.page,
    pageSize: found.pageSize,
  }
}

/** The plan the list came back to after saving it (`?done=created&id=…`). */
function savedPlan(search: URLSearchParams): { kind: (typeof SAVED)[number]; planId: string } | null {
  const kind = SAVED.find((value) => value === search.get('done'))
  const planId = search.get('id')
  return kind && planId ? { kind, planId } : null
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  await withRouteErrors(async () => requirePlatformAdmin(ctx.actor))
  const search = new URL(request.url).searchParams
  const query = (search.get('company') ?? '').trim().slice(0, 100)
  const [plans, counts, invoices] = await withRouteErrors(() =>
    Promise.all([listPlans({ includeRetired: true }), companiesPerPlan(ctx), invoiceRows(ctx, search)]),
  )
  const companies = query ? await withRouteErrors(() => companyRows(ctx, query, plans)) : null
  const rows = plans.map((plan) => planRow(plan, counts[plan.id] ?? 0))
  const editId = search.get('edit')
  const editing = editId === null ? null : (rows.find((row) => row.id === editId) ?? ('missing' as const))
  return {
    ...pageData(ctx.locale, 'planAdmin', 'metaTitle', PAGE_MESSAGES.planAdmin),
    plans: rows,
    creating: search.get('new') === '1',
    editing,
    nextPosition: Math.max(0, ...plans.map((plan) => plan.position + 1)),
    saved: savedPlan(search),
    query,
    companies,
    invoices,
    today: new Date().toISOString().slice(0, 10),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

const pageUrl = (locale: Locale, search: Record<string, string> = {}) => {
  const query = new URLSearchParams(search).toString()
  return localizePath(locale, `/app/plans${query ? `?${query}` : ''}`)
}

/** A refused plan form: the reason, and what was typed so the form shows it again. */
function refusedForm(answer: ReturnType<typeof failure>, intent: string, values: PlanFormValues) {
  return data({ ...answer.data, intent, values: planValuesList(values), features: values.features }, answer.init ?? undefined)
}

/** Writes the plan and returns to the list, or answers with the refusal and what was typed. */
async function saved(ctx: ServiceContext, intent: 'create' | 'update', values: PlanFormValues, write: () => Promise<Plan>) {
  try {
    const plan = await write()
    return redirect(pageUrl(ctx.locale, { done: intent === 'create' ? 'created' : 'updated', id: plan.id }))
  } catch (error) {
    return refusedForm(failureFromError(error), intent, values)
  }
}

async function savePlan(ctx: ServiceContext, intent: 'create' | 'update', form: FormData) {
  const values = sentPlanFormValues(form)
  const input = planInputOf(values)
  const invalid = (error: z.ZodError) => refusedForm(failure({ ok: false, fieldErrors: fieldErrorsOf(error) }), intent, values)
  if (intent === 'create') {
    const parsed = CreatePlanInput.safeParse(input)
    return parsed.success ? saved(ctx, intent, values, () => createPlan(ctx, parsed.data)) : invalid(parsed.error)
  }
  const parsed = UpdatePlanInput.safeParse(input)
  return parsed.success ? saved(ctx, intent, values, () => updatePlan(ctx, values.id, parsed.data)) : invalid(parsed.error)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const planId = String(form.get('planId') ?? '')
  const companyId = String(form.get('companyId') ?? '')
  if (intent === 'create' || intent === 'update') return savePlan(ctx, intent, form)
  try {
    if (intent === 'retire' || intent === 'makeDefault') {
      await (intent === 'retire' ? retirePlan : makeDefaultPlan)(ctx, planId)
      return { ok: true as const, intent, planId }
    }
    if (intent === 'markPaid' || intent === 'void') {
      const invoiceId = String(form.get('invoiceId') ?? '')
      if (intent === 'void') {
        const invoice = await voidPlanInvoice(ctx, invoiceId)
        return { ok: true as const, intent, number: invoice.number }
      }
      const parsed = MarkPlanInvoicePaidInput.safeParse({ paidOn: form.get('paidOn') ?? undefined, note: form.get('note') ?? undefined })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, invoiceId })
      const { invoice } = await markPlanInvoicePaid(ctx, invoiceId, parsed.data)
      return { ok: true as const, intent, number: invoice.number }
    }
    if (intent === 'assign') {
      const parsed = ChangePlanInput.safeParse({ planId, period: form.get('period') })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, companyId })
      await assignPlan(ctx, companyId, parsed.data)
      const [company, plan] = await Promise.all([companyName(companyId), getPlan(parsed.data.planId)])
      return { ok: true as const, intent, company, plan: plan.name[ctx.locale], period: parsed.data.period }
    }
    throw new AppError('bad_request', 'Unknown action')
  } catch (error) {
    return failureFromError(error, { intent, planId, companyId, invoiceId: String(form.get('invoiceId') ?? '') })
  }
}

type ActionAnswer = {
  ok: boolean
  intent?: string
  planId?: string
  companyId?: string
  company?: string
  plan?: string
  period?: PlanPeriod
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string }
  values?: string[]
  features?: string[]
  invoiceId?: string
  number?: string
}

export default function PlansPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('planAdmin')
  const { t: tBilling } = useTranslation('billing')
  const { locale } = useRootData()
  const busy = useNavigation().state === 'submitting'
  const answer = actionData as ActionAnswer | undefined
  const failed = answer && !answer.ok ? answer : null
  const formFailed = failed && (failed.intent === 'create' || failed.intent === 'update') ? failed : null
  const planFailure: PlanActionFailure | null =
    failed && (failed.intent === 'retire' || failed.intent === 'makeDefault')
      ? { intent: failed.intent, planId: failed.planId ?? '', error: failed.formError }
      : null
  const invoiceFailure: PlanInvoiceActionFailure | null =
    failed && (failed.intent === 'markPaid' || failed.intent === 'void')
      ? { intent: failed.intent, invoiceId: failed.invoiceId ?? '', error: failed.formError, fieldErrors: failed.fieldErrors }
      : null
  const assignFailure = failed?.intent === 'assign' ? { companyId: failed.companyId ?? '', fieldErrors: failed.fieldErrors, error: failed.formError } : null
  const nameOf = (planId: string) => page.plans.find((plan) => plan.id === planId)?.name[locale] ?? planId

  const editing = page.editing === 'missing' ? null : page.editing
  const formOpen = page.creating || editing !== null
  const sent = formFailed?.values ? planValuesFromList(formFailed.values, formFailed.features ?? []) : null
  const values = sent ?? (editing ? planFormValues(editing) : newPlanFormValues(page.nextPosition))
  const keep: Record<string, string> = page.creating ? { new: '1' } : editing ? { edit: editing.id } : {}
  const withQuery = (search: Record<string, string>) => pageUrl(locale, page.query ? { ...search, company: page.query } : search)

  const done = answer?.ok ? answer : null
  const doneNotice =
    done?.intent === 'markPaid' || done?.intent === 'void'
      ? tBilling(done.intent === 'markPaid' ? 'invoices.marked' : 'invoices.voided', { number: done.number ?? '' })
      : done?.intent === 'retire'
        ? t('done.retired', { plan: nameOf(done.planId ?? '') })
        : done?.intent === 'makeDefault'
          ? t('done.madeDefault', { plan: nameOf(done.planId ?? '') })
          : page.saved
            ? t(SAVED_NOTICE[page.saved.kind], { plan: nameOf(page.saved.planId) })
            : null

  return (
    <AppPage
      title={t('title')}
      description={t('description')}
      actions={
        formOpen ? null : (
          <Link to={withQuery({ new: '1' })} className={buttonClasses('primary')}>
            {t('newPlan')}
          </Link>
        )
      }
    >
      {doneNotice ? <Alert tone="success">{doneNotice}</Alert> : null}
      {planFailure && !page.plans.some((plan) => plan.id === planFailure.planId) ? <FormError error={planFailure.error} /> : null}
      {page.editing === 'missing' ? <Alert tone="warning">{t('form.missing')}</Alert> : null}
      {formOpen ? (
        <PlanAdminForm
          key={editing ? `${editing.id}-${editing.version}` : 'new'}
          editing={editing ? { id: editing.id, name: editing.name[locale] } : null}
          values={values}
          fieldErrors={formFailed?.fieldErrors}
          formError={formFailed?.formError}
          cancelHref={withQuery({})}
          reloadHref={withQuery(editing ? { edit: editing.id } : { new: '1' })}
          busy={busy}
        />
      ) : null}
      <section aria-labelledby="plans-title" className="flex flex-col gap-3">
        <h2 id="plans-title" className="text-lg font-semibold">
          {t('list.label')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('list.caption')}</p>
        <PlanAdminList plans={page.plans} locale={locale} editHref={(planId) => withQuery({ edit: planId })} failure={planFailure} />
        <p className="text-xs text-muted-foreground">{t('list.companiesNote')}</p>
      </section>
      <CompanyPlanAssign
        query={page.query}
        results={page.companies}
        plans={page.plans.map((plan) => ({ id: plan.id, name: plan.name[locale], retired: plan.retiredAt !== null }))}
        keep={keep}
        done={done?.intent === 'assign' && done.company && done.plan && done.period ? { company: done.company, plan: done.plan, period: done.period } : null}
        failure={assignFailure}
      />
      <section aria-labelledby="plan-invoices-title" className="flex flex-col gap-3" id="invoices">
        <h2 id="plan-invoices-title" className="text-lg font-semibold">
          {tBilling('invoices.adminHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">{tBilling('invoices.adminIntro')}</p>
        <nav aria-label={tBilling('invoices.filter')} className="flex flex-wrap gap-2">
          {INVOICE_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={`${withQuery(filter === 'open' ? {} : { invoices: filter })}#invoices`}
              aria-current={page.invoices.filter === filter ? 'page' : undefined}
              className={buttonClasses(page.invoices.filter === filter ? 'primary' : 'secondary', undefined, 'sm')}
            >
              {filter === 'all' ? tBilling('invoices.all') : tBilling(`invoices.statuses.${filter}`)} ({page.invoices.counts[filter]})
            </Link>
          ))}
        </nav>
        <PlanInvoiceTable
          invoices={page.invoices.items}
          empty={tBilling('invoices.adminEmpty')}
          actions={(invoice) => <PlanInvoiceAdminActions invoice={invoice} failure={invoiceFailure} today={page.today} />}
        />
        <Pagination
          total={page.invoices.total}
          offset={(page.invoices.page - 1) * page.invoices.pageSize}
          limit={page.invoices.pageSize}
          hrefFor={(offset) =>
            `${withQuery({ ...(page.invoices.filter === 'open' ? {} : { invoices: page.invoices.filter }), invoicePage: String(offset / page.invoices.pageSize + 1) })}#invoices`
          }
        />
      </section>
    </AppPage>
  )
}
