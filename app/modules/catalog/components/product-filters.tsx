import type { FormEvent } from 'react'
import { Form, Link } from 'react-router'
import { useLiveFilters } from '../../../components/use-live-filters'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useTranslation } from '../../../platform/i18n/react'
import { PRODUCT_STATUSES, type ProductStatus } from '../catalog.constants'
import { PRODUCT_SORTS } from '../product.inputs'
import type { ProductListFilters } from '../product-list-params'

/** The two ways the product list shows the same filtered products. */
export const PRODUCT_VIEWS = ['list', 'grid'] as const
export type ProductView = (typeof PRODUCT_VIEWS)[number]

const STATUS_BADGE: Record<ProductStatus, BadgeVariant> = { draft: 'secondary', published: 'accept', archived: 'outline' }

/** A product's status, translated (texts from `catalog`). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('catalog')
  return <Badge variant={STATUS_BADGE[status]}>{t(`statuses.${status}`)}</Badge>
}

type ProductFiltersProps = {
  /** Where the filter form goes (the list or the grid). */
  action: string
  filters: ProductListFilters
  categories: Array<{ id: string; name: string; depth: number }>
  /** Whether anything narrows the list, so "Clear filters" is offered. */
  filtered: boolean
}

/**
 * The search, status, category and sort filters shared by the product list and grid: a GET form that applies as it
 * changes (typed words after a pause), and with its button where JavaScript does not run.
 */
export function ProductFilters({ action, filters, categories, filtered }: ProductFiltersProps) {
  const { t } = useTranslation('catalog')
  // React Router submits the form (its onSubmit notes where to): the search is written from the form's fields.
  const live = useLiveFilters((form) => {
    form.requestSubmit()
    return null
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const search = new URLSearchParams(new FormData(event.currentTarget) as unknown as Array<[string, string]>).toString()
    live.expectNavigation(search ? `?${search}` : '')
  }
  return (
    <Form
      key={live.key}
      method="get"
      action={action}
      onSubmit={submit}
      onChange={live.onChange}
      role="search"
      aria-label={t('list.filters.label')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_1.5fr_auto] lg:items-end"
    >
      <FormField label={t('list.filters.q')}>{(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} {...control} />}</FormField>
      <FormField label={t('list.filters.status')}>
        {(control) => (
          <NativeSelect name="status" defaultValue={filters.status} {...control}>
            <option value="">{t('list.filters.anyStatus')}</option>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('list.filters.category')}>
        {(control) => (
          <NativeSelect name="category" defaultValue={filters.category} {...control}>
            <option value="">{t('list.filters.anyCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {'\u00a0\u00a0'.repeat(category.depth)}
                {category.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('list.filters.sort')}>
        {(control) => (
          <NativeSelect name="sort" defaultValue={filters.sort} {...control}>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`list.sorts.${sort}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex gap-2">
        {/* Without JavaScript the filters apply with this button; with it, every change applies by itself. */}
        {live.hydrated ? null : (
          <Button type="submit" variant="secondary">
            {t('list.filters.apply')}
          </Button>
        )}
        {filtered ? (
          <Link to={action} className={buttonClasses('ghost')}>
            {t('list.filters.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/** Switches between the list and the grid of the same filtered products. */
export function ProductViewSwitch({ current, listHref, gridHref }: { current: ProductView; listHref: string; gridHref: string }) {
  const { t } = useTranslation('catalog')
  const item = (view: ProductView, href: string) => (
    <Link to={href} aria-current={current === view ? 'page' : undefined} className={buttonClasses(current === view ? 'secondary' : 'ghost', undefined, 'sm')}>
      {t(`views.${view}`)}
    </Link>
  )
  return (
    <nav aria-label={t('views.label')} className="flex gap-1 rounded-md border border-border p-1">
      {item('list', listHref)}
      {item('grid', gridHref)}
    </nav>
  )
}

/** The product list's and grid's empty state: clear the filters, or add the first product (admins). */
export function ProductsEmptyState({ filtered, clearHref, addHref }: { filtered: boolean; clearHref: string; addHref: string | null }) {
  const { t } = useTranslation('catalog')
  const action = filtered ? (
    <Link to={clearHref} className={buttonClasses('secondary')}>
      {t('list.filters.clear')}
    </Link>
  ) : addHref ? (
    <Link to={addHref} className={buttonClasses('primary')}>
      {t('list.add')}
    </Link>
  ) : undefined
  return (
    <EmptyState title={filtered ? t('list.emptyFiltered') : t('list.empty')} description={filtered ? undefined : t('list.emptyDescription')} action={action} />
  )
}
