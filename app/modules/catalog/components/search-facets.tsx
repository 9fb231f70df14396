import type { FormEvent } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { SEARCH_SORTS, type SearchSort } from '../search.inputs'
import type { FacetCount } from '../search.service.server'

/** The marketplace search as the form shows it: every value as typed, blank when unset. */
export type MarketFilters = { q: string; category: string; origin: string; verified: boolean; moqMax: string; priceMin: string; priceMax: string; currency: string; hsChapter: string; sort: SearchSort }

type SearchFacetsProps = {
  formId: string
  action: string
  filters: MarketFilters
  facets: { categories: FacetCount[]; originCountries: FacetCount[] }
  /** The chosen category when it is not a top-level facet (a subcategory reached from a product's breadcrumb). */
  selectedCategory: { id: string; name: string } | null
  /** The chosen origin country, named on the server, for when no result has it. */
  selectedOrigin: { code: string; name: string } | null
  clearHref: string | null
}

/** The form's values without blanks and defaults, so that a search's URL says only what was chosen (a currency only with a price range). */
function searchOf(form: HTMLFormElement): string {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '' && !(name === 'sort' && value === 'relevance')) params.set(name, value.trim())
  }
  if (!params.has('price_min') && !params.has('price_max')) params.delete('currency')
  return params.toString()
}

const withCount = (facet: FacetCount, number: (value: number) => string) => `${facet.label} (${number(facet.count)})`

/**
 * The facet sidebar: a GET form (works without JavaScript) that the query box and the sort select join through
 * their `form` attribute, so one submit carries the whole search.
 */
export function SearchFacets({ formId, action, filters, facets, selectedCategory, selectedOrigin, clearHref }: SearchFacetsProps) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const number = (value: number) => format.number(value)
  const navigate = useNavigate()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const search = searchOf(event.currentTarget)
    void navigate(search ? `${action}?${search}` : action)
  }
  const extraCategory = selectedCategory && !facets.categories.some((facet) => facet.value === selectedCategory.id) ? selectedCategory : null
  const extraOrigin = selectedOrigin && !facets.originCountries.some((facet) => facet.value === selectedOrigin.code) ? selectedOrigin : null
  return (
    <Form id={formId} method="get" action={action} onSubmit={submit} aria-labelledby={`${formId}-title`} className="flex flex-col gap-4">
      <h2 id={`${formId}-title`} className="text-lg font-semibold">
        {t('market.filtersTitle')}
      </h2>
      <FormField label={t('market.category')}>
        {(control) => (
          <NativeSelect name="category" defaultValue={filters.category} {...control}>
            <option value="">{t('market.anyCategory')}</option>
            {extraCategory ? <option value={extraCategory.id}>{extraCategory.name}</option> : null}
            {facets.categories.map((facet) => (
              <option key={facet.value} value={facet.value}>
                {withCount(facet, number)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('market.origin')}>
        {(control) => (
          <NativeSelect name="origin" defaultValue={filters.origin} {...control}>
            <option value="">{t('market.anyOrigin')}</option>
            {extraOrigin ? <option value={extraOrigin.code}>{extraOrigin.name}</option> : null}
            {facets.originCountries.map((facet) => (
              <option key={facet.value} value={facet.value}>
                {withCount(facet, number)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="verified" value="true" defaultChecked={filters.verified} className="size-4 rounded border-input accent-primary" />
        {t('market.verifiedOnly')}
      </label>
      <FormField label={t('market.moqMax')}>{(control) => <Input type="number" name="moq_max" min={1} step={1} inputMode="numeric" defaultValue={filters.moqMax} {...control} />}</FormField>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('market.priceRange')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <FormField label={t('market.priceMin')}>{(control) => <Input name="price_min" inputMode="decimal" pattern="\d{1,14}(\.\d{1,4})?" defaultValue={filters.priceMin} {...control} />}</FormField>
          <FormField label={t('market.priceMax')}>{(control) => <Input name="price_max" inputMode="decimal" pattern="\d{1,14}(\.\d{1,4})?" defaultValue={filters.priceMax} {...control} />}</FormField>
        </div>
        <FormField label={t('market.currency')} hint={t('market.currencyHint')}>
          {(control) => <Input name="currency" maxLength={3} pattern="[A-Za-z]{3}" autoCapitalize="characters" defaultValue={filters.currency} className="w-24 uppercase" {...control} />}
        </FormField>
      </fieldset>
      <FormField label={t('market.hsChapter')} hint={t('market.hsChapterHint')}>
        {(control) => <Input name="hs_chapter" inputMode="numeric" pattern="\d{2}" maxLength={2} defaultValue={filters.hsChapter} className="w-20" {...control} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          {t('market.apply')}
        </Button>
        {clearHref ? (
          <Link to={clearHref} className={buttonClasses('ghost')}>
            {t('market.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/** The sort order, part of the facet form; with JavaScript a change applies at once. */
export function SortSelect({ formId, value }: { formId: string; value: SearchSort }) {
  const { t } = useTranslation('marketplace')
  return (
    <FormField label={t('market.sort')} className="sm:flex-row sm:items-center sm:gap-2">
      {(control) => (
        <NativeSelect form={formId} name="sort" defaultValue={value} onChange={(event) => event.currentTarget.form?.requestSubmit()} className="w-auto" {...control}>
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`market.sorts.${sort}`)}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}
