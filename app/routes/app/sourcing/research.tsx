import { Form } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { categoryTree, flattenCategories } from '../../../modules/catalog/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { BenchmarkQuery, BenchmarkStatsTable, BenchmarkTrendFigure } from '../../../modules/sourcing/index'
import { priceBenchmarks } from '../../../modules/sourcing/index.server'
import { rateTable } from '../../../platform/fx/fx.service.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/research'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = new URL(request.url).searchParams
  const raw = { hsCode: search.get('hsCode') ?? '', category: search.get('category') ?? '', currency: search.get('currency') ?? '' }
  const asked = Boolean(raw.hsCode || raw.category)
  const parsed = BenchmarkQuery.safeParse(raw)
  const [tree, rates] = await Promise.all([categoryTree(ctx.locale), rateTable()])
  const benchmark = asked && parsed.success ? await withRouteErrors(() => priceBenchmarks(ctx, parsed.data)) : null
  return {
    ...pageData(ctx.locale, 'sourcing', 'research.metaTitle', PAGE_MESSAGES.priceResearch),
    values: { ...raw, currency: parsed.success ? parsed.data.currency : raw.currency || 'USD' },
    fieldErrors: asked && !parsed.success ? fieldErrorsOf(parsed.error) : {},
    categories: flattenCategories(tree).map((node) => ({ id: node.id, name: node.name, depth: node.depth })),
    currencies: ['EUR', ...Object.keys(rates.perEur)].sort(),
    benchmark,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function PriceResearchPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  const errors = (name: string) => data.fieldErrors[name]?.map((key) => t(key))
  const benchmark = data.benchmark
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('research.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('research.description')}</p>
      </div>
      <Form method="get" aria-label={t('research.formLabel')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_1fr_auto] lg:items-end">
        <FormField label={t('research.hsCode')} hint={t('research.hsCodeHint')} errors={errors('hsCode')}>
          {(control) => <Input name="hsCode" inputMode="numeric" pattern="\d{4}|\d{6}" maxLength={6} defaultValue={data.values.hsCode} {...control} />}
        </FormField>
        <FormField label={t('research.category')} errors={errors('category')}>
          {(control) => (
            <NativeSelect name="category" defaultValue={data.values.category} {...control}>
              <option value="">{t('research.anyCategory')}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {`${'\u00a0\u00a0'.repeat(category.depth)}${category.name}`}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('research.currency')} errors={errors('currency')}>
          {(control) => (
            <NativeSelect name="currency" defaultValue={data.values.currency} {...control}>
              {data.currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit">{t('research.show')}</Button>
      </Form>

      {!benchmark ? (
        <EmptyState title={t('research.start')} description={t('research.startDescription')} />
      ) : (
        <section aria-labelledby="benchmark-title" className="flex flex-col gap-4">
          <div>
            <h2 id="benchmark-title" className="text-lg font-medium">
              {[
                benchmark.hsCode ? t('research.subjectHs', { code: benchmark.hsCode, description: benchmark.hsDescription ?? '' }) : null,
                benchmark.categoryName ? t('research.subjectCategory', { name: benchmark.categoryName }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </h2>
            <p className="text-sm text-muted-foreground">
              {t('research.scope', { currency: benchmark.currency, date: benchmark.ratesAsOf ? format.date(`${benchmark.ratesAsOf}T12:00:00Z`) : '—' })}
            </p>
          </div>
          {benchmark.unconverted > 0 ? <Alert tone="warning">{t('research.unconverted', { count: String(benchmark.unconverted) })}</Alert> : null}
          {benchmark.combined.count === 0 ? (
            <EmptyState title={t('research.noPrices')} description={t('research.noPricesDescription')} />
          ) : (
            <>
              <BenchmarkStatsTable
                currency={benchmark.currency}
                rows={[
                  { source: 'quotations', stats: benchmark.quotations },
                  { source: 'catalogue', stats: benchmark.catalogue },
                  { source: 'combined', stats: benchmark.combined },
                ]}
              />
              <BenchmarkTrendFigure currency={benchmark.currency} trend={benchmark.trend} />
            </>
          )}
        </section>
      )}
    </div>
  )
}
