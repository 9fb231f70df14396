import { Link } from 'react-router'
import { Money } from '../../../components/money'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { useFormatter } from '../../../components/use-formatter'
import { addressSummary } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import {
  AdjustStockInput,
  inventoryPermissions,
  isOn,
  IssueStockInput,
  MovementLedger,
  MovementQuery,
  StockLevelQuery,
  StockLevelTable,
  StockMovePanel,
  ThresholdInput,
  TransferStockInput,
  type MoveIntent,
} from '../../../modules/inventory/index'
import {
  adjustStock,
  getStockLevel,
  getWarehouse,
  issueStock,
  listMovements,
  listStockLevels,
  setLowStockThreshold,
  transferStock,
  warehouseOptions,
} from '../../../modules/inventory/index.server'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { incomingToWarehouse } from '../../../modules/logistics/index.server'
import { stockItemKey } from '../../../platform/stock-item'
import type { Route } from './+types/detail'
import { BackLink } from '../../../components/back-link'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

type Tab = 'stock' | 'movements'

/** A query from the URL, or the schema's defaults when any part of it is bad (the page falls back, never fails). */
function queryOr<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, search: Record<string, string>): T {
  const parsed = schema.safeParse(search)
  if (parsed.success) return parsed.data
  const fallback = schema.safeParse({})
  if (!fallback.success) throw new Error('The query schema has no defaults')
  return fallback.data
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const search = Object.fromEntries(url.searchParams)
  const id = search.id ?? ''
  const tab: Tab = search.tab === 'movements' ? 'movements' : 'stock'
  const stockQuery = queryOr(StockLevelQuery, search)
  const movementQuery = queryOr(MovementQuery, search)
  const warehouse = await withRouteErrors(() => getWarehouse(ctx, id))
  const permissions = inventoryPermissions(ctx.actor)
  const canMove = permissions.moveStock && warehouse.archivedAt === null
  const [stock, movements, options, level, arriving] = await withRouteErrors(() =>
    Promise.all([
      tab === 'stock' ? listStockLevels(ctx, id, stockQuery) : null,
      tab === 'movements' ? listMovements(ctx, id, movementQuery) : null,
      canMove ? warehouseOptions(ctx) : [],
      canMove && search.level ? getStockLevel(ctx, search.level).catch(() => null) : null,
      // Goods on their way here (shipments whose buyer chose this warehouse), by the item's stock name.
      tab === 'stock' ? incomingToWarehouse(ctx, id) : [],
    ]),
  )
  const incoming = arriving.map((item) => [stockItemKey(item), item.quantity] as const)
  const base = localizePath(ctx.locale, '/app/warehouse/detail')
  const here = new URLSearchParams({ id })
  if (stockQuery.q) here.set('q', stockQuery.q)
  if (isOn(stockQuery.low)) here.set('low', '1')
  const filters = { kind: movementQuery.kind ?? '', q: movementQuery.q ?? '', from: movementQuery.from ?? '', to: movementQuery.to ?? '' }
  const filterParams = new URLSearchParams(Object.entries(filters).filter(([, value]) => value))
  return {
    ...pageData(ctx.locale, 'inventory', 'detail.metaTitle', PAGE_MESSAGES.warehouseDetail),
    title: `${warehouse.code} · ${warehouse.name}`,
    base,
    tab,
    listHref: localizePath(ctx.locale, '/app/warehouse'),
    warehouse: {
      id: warehouse.id,
      code: warehouse.code,
      name: warehouse.name,
      address: warehouse.address ? addressSummary(warehouse.address, ctx.locale) : null,
      managerName: warehouse.managerName,
      notes: warehouse.notes,
      archived: warehouse.archivedAt !== null,
      publishAvailability: warehouse.publishAvailability,
      itemCount: warehouse.itemCount,
      stockValue: warehouse.stockValue,
    },
    canEdit: permissions.moveStock,
    canMove,
    incoming,
    stockHere: here.toString(),
    stock: stock && {
      q: stockQuery.q ?? '',
      lowOnly: isOn(stockQuery.low),
      offset: stockQuery.offset,
      limit: stockQuery.limit,
      total: stock.total,
      totalIsCapped: stock.totalIsCapped,
      lowCount: stock.lowCount,
      rows: stock.items.map((item) => ({
        id: item.id,
        itemKey: item.itemKey,
        sku: item.sku,
        description: item.description,
        unit: item.unit,
        onHand: item.onHand,
        reserved: item.reserved,
        available: item.available,
        lowStockThreshold: item.lowStockThreshold,
        low: item.low,
        unitCost: item.unitCost,
        currency: item.currency,
      })),
    },
    movements: movements && {
      filters,
      offset: movementQuery.offset,
      limit: movementQuery.limit,
      total: movements.total,
      totalIsCapped: movements.totalIsCapped,
      exportHref: `/api/v1/warehouses/${encodeURIComponent(id)}/movements.csv${filterParams.size > 0 ? `?${filterParams}` : ''}`,
      filterQuery: filterParams.toString(),
      rows: movements.items.map((movement) => ({
        id: movement.id,
        kind: movement.kind,
        sku: movement.sku,
        description: movement.description,
        unit: movement.unit,
        quantity: movement.quantity,
        balanceAfter: movement.balanceAfter,
        reason: movement.reason,
        reference: movement.reference,
        note: movement.note,
        createdByName: movement.createdByName,
        createdAt: movement.createdAt.toISOString(),
      })),
    },
    level: level && level.warehouseId === id ? level : null,
    targets: options.filter((option) => option.id !== id),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const MOVES = { issue: IssueStockInput, adjust: AdjustStockInput, transfer: TransferStockInput } as const
const isMove = (intent: string): intent is MoveIntent => intent in MOVES

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const levelId = String(form.get('levelId') ?? '')
  const values = Object.fromEntries(Object.entries(formToObject(form)).map(([key, value]) => [key, String(value)]))
  try {
    if (intent === 'threshold') {
      const parsed = parseForm(ThresholdInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent, levelId })
      await setLowStockThreshold(ctx, levelId, parsed.data)
      return { ok: true as const, intent }
    }
    if (!isMove(intent)) return failure({ ok: false, fieldErrors: {} }, 400, { intent, levelId })
    if (intent === 'issue') {
      const parsed = parseForm(IssueStockInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent, levelId, ...values })
      await issueStock(ctx, parsed.data)
    } else if (intent === 'adjust') {
      const parsed = parseForm(AdjustStockInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent, levelId, ...values })
      await adjustStock(ctx, parsed.data)
    } else {
      const parsed = parseForm(TransferStockInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent, levelId, ...values })
      await transferStock(ctx, parsed.data)
    }
    return { ok: true as const, intent }
  } catch (error) {
    return failureFromError(error, { intent, levelId, ...values })
  }
}

export default function WarehouseDetailPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('inventory')
  const format = useFormatter()
  const failed = actionData && !actionData.ok ? actionData : null
  const done = actionData?.ok ? actionData : null
  const doneNotice: Record<string, string> = {
    issue: t('move.done.issue'),
    adjust: t('move.done.adjust'),
    transfer: t('move.done.transfer'),
    threshold: t('move.done.threshold'),
  }
  const failedIntent = failed && 'intent' in failed ? String(failed.intent) : ''
  const failedLevel = failed && 'levelId' in failed ? String(failed.levelId) : ''
  const stockHref = (extra: Record<string, string> = {}) =>
    `${data.base}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(data.stockHere)), ...extra })}`
  const movementsHref = (offset: number) =>
    `${data.base}?${new URLSearchParams({ id: data.warehouse.id, tab: 'movements', ...Object.fromEntries(new URLSearchParams(data.movements?.filterQuery ?? '')), ...(offset > 0 ? { offset: String(offset) } : {}) })}`
  const moveFailure =
    failed && isMove(failedIntent) && data.level?.id === failedLevel
      ? {
          intent: failedIntent,
          fieldErrors: failed.fieldErrors,
          formError: failed.formError,
          values: Object.fromEntries(
            Object.entries(failed as Record<string, unknown>).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
          ),
        }
      : undefined
  const tabClass = (tab: 'stock' | 'movements') =>
    data.tab === tab
      ? 'border-b-2 border-primary px-3 py-2 text-sm font-medium text-foreground'
      : 'border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground'
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackLink to={data.listHref} className="text-muted-foreground">
          {t('detail.back')}
        </BackLink>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold break-words">
            {data.warehouse.code} · {data.warehouse.name}
          </h1>
          {data.warehouse.archived ? <Badge variant="secondary">{t('archive.badge')}</Badge> : null}
          {data.warehouse.publishAvailability && !data.warehouse.archived ? <Badge variant="outline">{t('detail.published')}</Badge> : null}
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('detail.address')}</dt>
            <dd>{data.warehouse.address ?? t('detail.none')}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.manager')}</dt>
            <dd>{data.warehouse.managerName ?? t('detail.none')}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.items')}</dt>
            <dd className="tabular-nums">{format.number(data.warehouse.itemCount)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('detail.value')}</dt>
            <dd className="tabular-nums">
              {data.warehouse.stockValue.length === 0
                ? t('detail.none')
                : data.warehouse.stockValue.map((value) => (
                    <span key={value.currency} className="block">
                      <Money amount={value.total} currency={value.currency} />
                    </span>
                  ))}
            </dd>
          </div>
        </dl>
        {data.warehouse.notes ? <p className="text-sm whitespace-pre-line text-muted-foreground">{data.warehouse.notes}</p> : null}
      </div>
      {data.warehouse.archived ? <Alert tone="info">{t('detail.archivedNotice')}</Alert> : null}
      {done ? <Alert tone="success">{doneNotice[done.intent]}</Alert> : null}
      {failed?.formError && !moveFailure && failedIntent !== 'threshold' ? <Alert tone="error">{failed.formError.message}</Alert> : null}
      {data.level ? (
        <StockMovePanel key={`${data.level.id}-${data.level.onHand}`} level={data.level} targets={data.targets} closeHref={stockHref()} failure={moveFailure} />
      ) : null}
      <nav aria-label={t('detail.sections')} className="flex gap-1 overflow-x-auto border-b border-border">
        <Link to={stockHref()} className={tabClass('stock')} aria-current={data.tab === 'stock' ? 'page' : undefined}>
          {t('detail.tabs.stock')}
        </Link>
        <Link to={movementsHref(0)} className={tabClass('movements')} aria-current={data.tab === 'movements' ? 'page' : undefined}>
          {t('detail.tabs.movements')}
        </Link>
      </nav>
      {data.stock ? (
        <StockLevelTable
          base={data.base}
          warehouseId={data.warehouse.id}
          q={data.stock.q}
          lowOnly={data.stock.lowOnly}
          rows={data.stock.rows.map((row) => ({ ...row, moveHref: `${stockHref({ level: row.id })}#move` }))}
          total={data.stock.total}
          totalIsCapped={data.stock.totalIsCapped}
          lowCount={data.stock.lowCount}
          offset={data.stock.offset}
          limit={data.stock.limit}
          hrefFor={(offset) => stockHref(offset > 0 ? { offset: String(offset) } : {})}
          canEdit={data.canEdit}
          canMove={data.canMove}
          incoming={new Map(data.incoming)}
          thresholdFailure={
            failed && failedIntent === 'threshold' ? { levelId: failedLevel, fieldErrors: failed.fieldErrors, formError: failed.formError } : undefined
          }
        />
      ) : null}
      {data.movements ? (
        <MovementLedger
          base={data.base}
          warehouseId={data.warehouse.id}
          filters={data.movements.filters}
          rows={data.movements.rows}
          total={data.movements.total}
          totalIsCapped={data.movements.totalIsCapped}
          offset={data.movements.offset}
          limit={data.movements.limit}
          hrefFor={movementsHref}
          exportHref={data.movements.exportHref}
        />
      ) : null}
    </div>
  )
}
