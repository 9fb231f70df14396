import { type FormEvent, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useLiveFilters } from '../../../components/use-live-filters'
import { useTranslation } from '../../../platform/i18n/react'
import { SEARCH_SORTS, type SearchSort } from '../search.constants'
import type { FacetCount } from '../search.service.server'

/** The marketplace search as the form shows it: every value as typed, blank when unset. */
export type MarketFilters = {
  q: string
  category: string
  origin: string
  verified: boolean
  moqMax: string
  priceMin: string
  priceMax: string
  currency: string
  hsChapter: string
  sort: SearchSort
}

/** A currency the price range can be entered in, named on the server (ICU names differ between Node and browsers). */
export type CurrencyChoice = { code: string; label: string }

type SearchFacetsProps = {
  formId: string
  action: string
  filters: MarketFilters
  facets: { categories: FacetCount[]; originCountries: FacetCount[]; hsChapters: FacetCount[]; verifiedSuppliers: number }
  /** The currencies with a reference rate (the chosen one included). */
  currencies: CurrencyChoice[]
  /** The chosen category when it is not a top-level facet (a subcategory reached from a product's breadcrumb). */
  selectedCategory: { id: string; name: string } | null
  /** The chosen origin country, named on the server, for when no result has it. */
  selectedOrigin: { code: string; name: string } | null
  clearHref: string | null
}

/** The "any chapter" option of the chapter list (an option's value cannot be empty). */
const ANY = 'any'

/**
 * The form's values without blanks and defaults, so that a search's URL says only what was chosen (a currency only
 * with a price range); `overrides` replace values the form does not hold yet (a choice made this instant).
 */
function searchOf(form: HTMLFormElement, overrides: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  const entries = [...new FormData(form), ...Object.entries(overrides)]
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue
    if (value.trim() === '' || (name === 'sort' && value === 'relevance')) params.delete(name)
    else params.set(name, value.trim())
  }
  if (!params.has('price_min') && !params.has('price_max')) params.delete('currency')
  return params.toString()
}

const withCount = (label: string, count: number, number: (value: number) => string) => `${label} (${number(count)})`

/**
 * The facet sidebar: a GET form that the query box and the sort select join through their `form` attribute, so one
 * submit carries the whole search. Without JavaScript it applies with its button; with it, a choice applies at once and
 * a typed number after a pause. A navigation the form did not make itself (back, "Clear all filters") resets its fields.
 */
export function SearchFacets({ formId, action, filters, facets, currencies, selectedCategory, selectedOrigin, clearHref }: SearchFacetsProps) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const number = (value: number) => format.number(value)
  const navigate = useNavigate()
  const location = useLocation()
  const live = useLiveFilters((form, overrides) => {
    const search = searchOf(form, overrides)
    const target = search ? `?${search}` : ''
    if (target === location.search) return null
    void navigate(`${action}${target}`, { preventScrollReset: true })
    return target
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    live.apply(event.currentTarget)
  }

  const extraCategory = selectedCategory && !facets.categories.some((facet) => facet.value === selectedCategory.id) ? selectedCategory : null
  const extraOrigin = selectedOrigin && !facets.originCountries.some((facet) => facet.value === selectedOrigin.code) ? selectedOrigin : null
  return (
    <Form
      id={formId}
      method="get"
      action={action}
      onSubmit={submit}
      onChange={live.onChange}
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-4"
      key={live.key}
    >
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
                {withCount(facet.label, facet.count, number)}
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
                {withCount(facet.label, facet.count, number)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="verified" value="true" defaultChecked={filters.verified} className="size-4 rounded border-input accent-primary" />
        {t('market.verifiedOnly')}
        <span className="font-normal text-muted-foreground">({number(facets.verifiedSuppliers)})</span>
      </label>
      <FormField label={t('market.moqMax')}>
        {(control) => <Input type="number" name="moq_max" min={1} step={1} inputMode="numeric" defaultValue={filters.moqMax} {...control} />}
      </FormField>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('market.priceRange')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <FormField label={t('market.priceMin')}>
            {(control) => <Input name="price_min" inputMode="decimal" pattern="\d{1,14}(\.\d{1,4})?" defaultValue={filters.priceMin} {...control} />}
          </FormField>
          <FormField label={t('market.priceMax')}>
            {(control) => <Input name="price_max" inputMode="decimal" pattern="\d{1,14}(\.\d{1,4})?" defaultValue={filters.priceMax} {...control} />}
          </FormField>
        </div>
        <FormField label={t('market.currency')} hint={t('market.currencyHint')}>
          {(control) => (
            <NativeSelect name="currency" defaultValue={filters.currency} {...control}>
              {currencies.map((currency) => (
                <option key={currency.code} value={currency.code}>
                  {currency.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </fieldset>
      <ChapterField
        facets={facets.hsChapters}
        selected={filters.hsChapter}
        hydrated={live.hydrated}
        onChoose={(value, form) => live.apply(form, { hs_chapter: value })}
      />
      <div className="flex flex-wrap gap-2">
        {/* Without JavaScript the form applies with this button; with it, every change applies by itself. */}
        {live.hydrated ? null : (
          <Button type="submit" variant="secondary">
            {t('market.apply')}
          </Button>
        )}
        {clearHref ? (
          <Link to={clearHref} className={buttonClasses('ghost')}>
            {t('market.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/**
 * The HS chapters with their counts: a searchable list once hydrated (its choice applies the form at once), a plain
 * select before. Its state lives here, so re-mounting the form resets it with the other fields.
 */
function ChapterField({
  facets,
  selected,
  hydrated,
  onChoose,
}: {
  facets: FacetCount[]
  selected: string
  hydrated: boolean
  onChoose: (value: string, form: HTMLFormElement) => void
}) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const [chapter, setChapter] = useState(selected)
  const input = useRef<HTMLInputElement>(null)
  const options: ComboboxOption[] = [
    { value: ANY, label: t('market.anyChapter') },
    ...facets.map((facet) => ({
      value: facet.value,
      label: withCount(`${facet.value} — ${facet.label}`, facet.count, format.number),
      keywords: [facet.value, facet.label],
    })),
  ]
  if (chapter && !facets.some((facet) => facet.value === chapter)) options.splice(1, 0, { value: chapter, label: chapter })
  return (
    <FormField label={t('market.hsChapter')} hint={t('market.hsChapterHint')}>
      {(control) =>
        hydrated ? (
          <>
            <input ref={input} type="hidden" name="hs_chapter" value={chapter} />
            <Combobox
              {...control}
              options={options}
              value={options.find((option) => option.value === (chapter || ANY)) ?? null}
              onChange={(option) => {
                const value = option.value === ANY ? '' : option.value
                setChapter(value)
                if (input.current?.form) onChoose(value, input.current.form)
              }}
              searchLabel={t('market.searchChapters')}
              emptyMessage={t('market.noChapter')}
            />
          </>
        ) : (
          <NativeSelect name="hs_chapter" defaultValue={selected} {...control}>
            {options.map((option) => (
              <option key={option.value} value={option.value === ANY ? '' : option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        )
      }
    </FormField>
  )
}

/** The sort order, part of the facet form; with JavaScript a change applies at once. */
export function SortSelect({ formId, value }: { formId: string; value: SearchSort }) {
  const { t } = useTranslation('marketplace')
  return (
    <FormField label={t('market.sort')} className="sm:flex-row sm:items-center sm:gap-2">
      {(control) => (
        <NativeSelect
          form={formId}
          name="sort"
          defaultValue={value}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="w-auto"
          {...control}
        >
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
