import { CustomerNoteInput, CustomerTable, ReportQuery } from '../../modules/orders/index'
import { listCustomers, setCustomerNote } from '../../modules/orders/index.server'
import { requireActor } from '../../modules/companies/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { pageData } from '../page-data.server'
import type { RouteHandle } from '../../platform/ui/route-handle'
import type { Route } from './+types/customers'

/** The report's query from the URL; a bad parameter falls back to the first page of everything. */
function reportQueryFrom(params: URLSearchParams): ReportQuery {
  const parsed = ReportQuery.safeParse({ q: params.get('q') ?? undefined, offset: params.get('offset') ?? undefined })
  return parsed.success ? parsed.data : ReportQuery.parse({})
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const query = reportQueryFrom(new URL(request.url).searchParams)
  const page = await withRouteErrors(() => listCustomers(ctx, query))
  return {
    ...pageData(ctx.locale, 'fulfilment', 'customers.metaTitle'),
    base: localizePath(ctx.locale, '/app/customers'),
    q: query.q ?? '',
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    rows: page.items.map((customer) => ({
      id: customer.id,
      name: customer.name,
      orderCount: customer.orderCount,
      volume: customer.volume,
      lastOrderAt: customer.lastOrderAt.toISOString(),
      note: customer.note,
      ordersHref: localizePath(ctx.locale, `/app/orders?counterpart=${encodeURIComponent(customer.id)}`),
    })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const customerId = String(form.get('customerId') ?? '')
  if (form.get('intent') !== 'note' || !customerId) return failure({ ok: false, fieldErrors: {} }, 400)
  const parsed = parseForm(CustomerNoteInput, form)
  if (!parsed.ok) return failure(parsed, 422, { customerId })
  try {
    await setCustomerNote(ctx, customerId, parsed.data.note)
    return { ok: true as const, customerId }
  } catch (error) {
    return failureFromError(error, { customerId })
  }
}

export default function CustomersPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('fulfilment')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('customers.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('customers.description')}</p>
      </div>
      <CustomerTable base={data.base} q={data.q} rows={data.rows} total={data.total} offset={data.offset} limit={data.limit} pageResult={actionData} />
    </div>
  )
}
