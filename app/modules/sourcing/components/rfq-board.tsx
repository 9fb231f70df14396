import { Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from '../../catalog/index'

/** A card of the public board as the page sends it: the buyer's country by name, never the buyer. */
export type BuyingRequestView = {
  id: string
  title: string
  buyerCountryName: string | null
  categoryName: string | null
  firstLine: { title: string; quantity: number; unit: string } | null
  lineCount: number
  currency: string
  incoterm: string
  quoteDeadline: Date | string
}

type RfqBoardProps = {
  locale: Locale
  filters: { q: string; category: string }
  categories: Array<{ id: string; name: string }>
  items: BuyingRequestView[]
  total: number
  offset: number
  limit: number
}

function boardHref(base: string, filters: { q: string; category: string }, offset: number): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.category) params.set('category', filters.category)
  if (offset > 0) params.set('offset', String(offset))
  const query = params.toString()
  return query ? `${base}?${query}` : base
}

/** The public board of open buying requests: search, category filter, cards and pagination (texts from `rfqs`). */
export function RfqBoard({ locale, filters, categories, items, total, offset, limit }: RfqBoardProps) {
  const { t } = useTranslation('rfqs')
  const format = useFormatter()
  const unitName = useUnitName()
  const base = localizePath(locale, '/orders')
  return (
    <div className="flex flex-col gap-6">
      <Form method="get" action={base} role="search" aria-label={t('board.searchLabel')} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <FormField label={t('board.searchLabel')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} {...control} />}
        </FormField>
        <FormField label={t('board.category')}>
          {(control) => (
            <NativeSelect name="category" defaultValue={filters.category} {...control}>
              <option value="">{t('board.anyCategory')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('board.search')}
        </Button>
      </Form>
      <section aria-labelledby="board-results-title" className="flex flex-col gap-4">
        <h2 id="board-results-title" className="sr-only">
          {t('board.listLabel')}
        </h2>
        <p role="status" className="text-sm text-muted-foreground">
          {t('board.resultCount', { count: format.number(total) })}
        </p>
        {items.length === 0 ? (
          <EmptyState title={t('board.empty')} description={t('board.emptyDescription')} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id}>
                <Card as="article" className="flex h-full flex-col gap-2 p-5">
                  <h3 className="text-base font-semibold">{item.title}</h3>
                  <p className="text-sm text-muted-foreground">
                    {item.buyerCountryName ? t('board.buyerFrom', { country: item.buyerCountryName }) : t('board.unknownCountry')}
                  </p>
                  {item.categoryName ? <p className="text-xs text-muted-foreground">{item.categoryName}</p> : null}
                  {item.firstLine ? (
                    <p className="text-sm">
                      {t('board.quantity', {
                        quantity: format.number(item.firstLine.quantity),
                        unit: unitName(item.firstLine.unit, item.firstLine.quantity),
                        title: item.firstLine.title,
                      })}
                      {item.lineCount > 1 ? (
                        <span className="text-muted-foreground"> {t('board.moreLines', { count: format.number(item.lineCount - 1) })}</span>
                      ) : null}
                    </p>
                  ) : null}
                  <p className="text-sm">{t('board.terms', { incoterm: item.incoterm, currency: item.currency })}</p>
                  <p className="text-sm font-medium">{t('board.deadline', { date: format.dateTime(item.quoteDeadline) })}</p>
                  <Link
                    to={localizePath(locale, `/app/supplier/portal/rfq/${item.id}`)}
                    className={buttonClasses('secondary', 'mt-auto self-start', 'sm')}
                    aria-label={t('board.detailsLabel', { title: item.title })}
                  >
                    {t('board.details')}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => boardHref(base, filters, next)} />
      </section>
    </div>
  )
}
