import { PlanLimitNotice } from '../../../modules/billing/index'
import { limitStatus } from '../../../modules/billing/index.server'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { FilterSheet } from '../../../components/ui/filter-sheet'
import { useFormatter } from '../../../components/use-formatter'
import {
  localized,
  ProductFilters,
  ProductsEmptyState,
  productListFilters,
  productListHref,
  productListQueryFrom,
  ProductStatusBadge,
  ProductStatusInput,
  type ProductStatus,
  ProductViewSwitch,
} from '../../../modules/catalog/index'
import { categoryTree, flattenCategories, listProducts, setProductStatus } from '../../../modules/catalog/index.server'
import { hasRole } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/index'

const PAGE_SIZE = 20

/** What each bulk button sets. */
const BULK_STATUS = { publish: 'published', archive: 'archived' } as const satisfies Record<string, ProductStatus>
type BulkIntent = keyof typeof BULK_STATUS
const isBulkIntent = (value: string): value is BulkIntent => value in BULK_STATUS

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const query = productListQueryFrom(url.searchParams, PAGE_SIZE)
  const canManage = hasRole(ctx.actor, 'admin')
  const [page, tree, planLimit] = await withRouteErrors(() =>
    Promise.all([listProducts(ctx, query), categoryTree(ctx.locale), canManage ? limitStatus(ctx, 'published_products') : null]),
  )
  const categories = flattenCategories(tree)
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]))
  return {
    ...pageData(ctx.locale, 'catalog', 'list.metaTitle', PAGE_MESSAGES.productList),
    filters: productListFilters(query),
    categories,
    total: page.total,
    offset: page.offset,
    limit: page.limit,
    rows: page.items.map((product) => ({
      id: product.id,
      sku: product.sku,
      name: localized({ en: product.nameEn, 'zh-Hans': product.nameZhHans, 'zh-Hant': product.nameZhHant }, ctx.locale),
      category: categoryNames.get(product.categoryId) ?? product.categoryId,
      status: product.status,
      updatedAt: product.updatedAt.toISOString(),
    })),
    saved: url.searchParams.get('saved') === '1',
    canManage,
    planLimit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (!isBulkIntent(intent)) return failure({ ok: false, fieldErrors: {} }, 400)
  const parsed = ProductStatusInput.safeParse({ ids: form.getAll('ids').map(String), status: BULK_STATUS[intent] })
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent })
  try {
    const { updated } = await setProductStatus(ctx, parsed.data)
    return { ok: true as const, intent, updated }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData
  const { t } = useTranslation('catalog')
  const { locale } = useRootData()
  const format = useFormatter()
  const fieldError = useFieldErrors(actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined, 'catalog')
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const done = actionData && 'updated' in actionData ? actionData : undefined
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const base = localizePath(locale, '/app/products')
  const editHref = (id?: string) => localizePath(locale, id ? `/app/products/edit?id=${encodeURIComponent(id)}` : '/app/products/edit')

  // A finished bulk change leaves nothing selected, so the next click cannot repeat it by accident.
  const [handled, setHandled] = useState(actionData)
  if (actionData !== handled) {
    setHandled(actionData)
    if (done) setSelected(new Set())
  }

  const href = (offset: number) => productListHref(base, data.filters, offset)
  const filtered = Boolean(data.filters.q || data.filters.status || data.filters.category || data.offset > 0)
  const allSelected = data.rows.length > 0 && data.rows.every((row) => selected.has(row.id))
  const someSelected = data.rows.some((row) => selected.has(row.id))
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <AppPage
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <>
          <ProductViewSwitch
            current="list"
            listHref={href(data.offset)}
            gridHref={productListHref(localizePath(locale, '/app/products/index.v2'), data.filters)}
          />
          {data.canManage ? (
            <>
              <Link to={localizePath(locale, '/app/products/import')} className={buttonClasses('secondary')}>
                {t('list.importExport')}
              </Link>
              <Link to={editHref()} className={buttonClasses('primary')}>
                {t('list.add')}
              </Link>
            </>
          ) : null}
        </>
      }
    >
      {data.saved ? <Alert tone="success">{t('list.saved')}</Alert> : null}
      {done ? <Alert tone="success">{t(done.intent === 'publish' ? 'list.published' : 'list.archived', { count: done.updated })}</Alert> : null}
      {formError ? <FormError error={formError} /> : data.planLimit ? <PlanLimitNotice status={data.planLimit} /> : null}
      {fieldError('ids')?.length ? <Alert tone="error">{fieldError('ids')?.join(' ')}</Alert> : null}

      <FilterSheet active={filtered} inlineFrom="sm">
        <ProductFilters action={base} filters={data.filters} categories={data.categories} filtered={filtered} />
      </FilterSheet>

      <ListResults
        id="products-results-title"
        label={t('list.tableLabel')}
        count={t('list.resultCount', { count: format.number(data.total) })}
        pagination={<Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={href} />}
      >
        {data.rows.length === 0 ? (
          <ProductsEmptyState filtered={filtered} clearHref={base} addHref={data.canManage ? editHref() : null} />
        ) : (
          <Form method="post" className="flex flex-col gap-3">
            {data.canManage ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground" aria-live="polite">
                  {t('list.selected', { count: format.number(selected.size) })}
                </span>
                <Button type="submit" name="intent" value="publish" size="sm" disabled={selected.size === 0}>
                  {t('list.publish')}
                </Button>
                <Button type="submit" name="intent" value="archive" size="sm" variant="secondary" disabled={selected.size === 0}>
                  {t('list.archive')}
                </Button>
              </div>
            ) : null}
            <Table stackOnPhone>
              <TableHeader>
                <TableRow>
                  {data.canManage ? (
                    <TableHead className="w-10">
                      <Checkbox
                        aria-label={t('list.selectAll')}
                        checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                        onCheckedChange={(checked) => setSelected(checked === true ? new Set(data.rows.map((row) => row.id)) : new Set())}
                      />
                    </TableHead>
                  ) : null}
                  <TableHead>{t('list.columns.name')}</TableHead>
                  <TableHead>{t('list.columns.sku')}</TableHead>
                  <TableHead>{t('list.columns.category')}</TableHead>
                  <TableHead>{t('list.columns.status')}</TableHead>
                  <TableHead>{t('list.columns.updated')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.id} data-state={selected.has(row.id) ? 'selected' : undefined}>
                    {data.canManage ? (
                      <TableCell>
                        <Checkbox
                          name="ids"
                          value={row.id}
                          aria-label={t('list.selectOne', { name: row.name })}
                          checked={selected.has(row.id)}
                          onCheckedChange={(checked) => toggle(row.id, checked === true)}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell className="font-medium">
                      <Link to={editHref(row.id)} className="underline-offset-4 hover:underline">
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell label={t('list.columns.sku')} className="font-mono text-xs">
                      {row.sku}
                    </TableCell>
                    <TableCell label={t('list.columns.category')}>{row.category}</TableCell>
                    <TableCell label={t('list.columns.status')}>
                      <ProductStatusBadge status={row.status} />
                    </TableCell>
                    <TableCell label={t('list.columns.updated')} className="whitespace-nowrap">
                      {format.date(row.updatedAt)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Form>
        )}
      </ListResults>
    </AppPage>
  )
}
