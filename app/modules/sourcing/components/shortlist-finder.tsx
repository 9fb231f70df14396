import { Form, Link, useNavigation } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { countryName, countryOptions } from '../../../platform/countries'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import type { ApprovalStatus } from '../sourcing.constants'
import { ApprovedStatusBadge } from './approved-status-badge'

/** The finder's filters as the URL carries them (blank when unset). */
export type FinderFilters = { q: string; country: string; verified: boolean; requirement: string; project: string }
export type FinderRow = {
  id: string
  name: string
  country: string
  verified: boolean
  mainProducts: string[]
  productCount: number
  matchingProducts: number | null
  approval: ApprovalStatus | null
  shortlisted: boolean
}
export type FinderRequirement = {
  title: string
  projectName: string
  categoryName: string | null
  hsCode: string | null
  hsPrefix: string | null
  keywords: string[]
}
type Choice = { id: string; label: string }

type SupplierFinderProps = {
  locale: Locale
  filters: FinderFilters
  rows: FinderRow[]
  total: number
  offset: number
  limit: number
  requirement: FinderRequirement | null
  requirements: Choice[]
  projects: Choice[]
  /** The outcome of the last "add to shortlist". */
  result?: { ok: boolean; name?: string; message?: string } | undefined
}

const BASE = '/app/sourcing/find'

export function finderHref(locale: Locale, filters: FinderFilters, offset = 0): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.country) params.set('country', filters.country)
  if (filters.verified) params.set('verified', 'true')
  if (filters.requirement) params.set('requirement', filters.requirement)
  if (filters.project) params.set('project', filters.project)
  if (offset > 0) params.set('offset', String(offset))
  const search = params.toString()
  return localizePath(locale, search ? `${BASE}?${search}` : BASE)
}

/** Search of supplying companies, optionally matched to a requirement, each addable to the chosen project's shortlist. */
export function SupplierFinder({ locale, filters, rows, total, offset, limit, requirement, requirements, projects, result }: SupplierFinderProps) {
  const { t } = useTranslation('sourcing')
  const format = useFormatter()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const filtered = Boolean(filters.q || filters.country || filters.verified || filters.requirement)
  const project = projects.find((choice) => choice.id === filters.project) ?? null
  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action={localizePath(locale, BASE)}
        role="search"
        aria-label={t('find.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_auto] lg:items-end"
      >
        <FormField label={t('find.filters.q')}>
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={200} placeholder={t('find.filters.qHint')} {...control} />}
        </FormField>
        <FormField label={t('find.filters.requirement')} hint={t('find.filters.requirementHint')}>
          {(control) => (
            <NativeSelect name="requirement" defaultValue={filters.requirement} {...control}>
              <option value="">{t('find.filters.noRequirement')}</option>
              {requirements.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('find.filters.country')}>
          {(control) => (
            <NativeSelect name="country" defaultValue={filters.country} {...control}>
              <option value="">{t('find.filters.anyCountry')}</option>
              {countryOptions(locale).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm lg:pb-2">
          <input type="checkbox" name="verified" value="true" defaultChecked={filters.verified} className="size-4" />
          {t('find.filters.verifiedOnly')}
        </label>
        <FormField label={t('find.filters.project')} hint={t('find.filters.projectHint')} className="sm:col-span-2">
          {(control) => (
            <NativeSelect name="project" defaultValue={filters.project} {...control}>
              <option value="">{t('find.filters.noProject')}</option>
              {projects.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex gap-2 lg:col-start-4">
          <Button type="submit" variant="secondary">
            {t('find.filters.apply')}
          </Button>
          {filtered ? (
            <Link
              to={finderHref(locale, { q: '', country: '', verified: false, requirement: '', project: filters.project })}
              className={buttonClasses('ghost')}
            >
              {t('find.filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      {projects.length === 0 ? (
        <Alert tone="info">
          {t('find.noProjects')}{' '}
          <Link to={localizePath(locale, '/app/purchase/projects/create')} className="underline underline-offset-4">
            {t('find.createProject')}
          </Link>
        </Alert>
      ) : null}
      {result?.ok ? <Alert tone="success">{t('find.added', { name: result.name ?? '', project: project?.label ?? '' })}</Alert> : null}
      {result && !result.ok && result.message ? <Alert tone="error">{result.message}</Alert> : null}

      {requirement ? (
        <section aria-labelledby="finder-match-title" className="rounded-md border border-border p-3 text-sm">
          <h2 id="finder-match-title" className="font-medium">
            {t('find.match.title', { title: requirement.title, project: requirement.projectName })}
          </h2>
          <p className="text-muted-foreground">
            {[
              requirement.categoryName ? t('find.match.category', { name: requirement.categoryName }) : null,
              requirement.hsPrefix ? t('find.match.hs', { code: requirement.hsPrefix }) : null,
              requirement.keywords.length > 0 ? t('find.match.keywords', { words: requirement.keywords.join(', ') }) : null,
            ]
              .filter(Boolean)
              .join(' · ') || t('find.match.nothing')}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="finder-results-title" className="flex flex-col gap-3">
        <h2 id="finder-results-title" className="sr-only">
          {t('find.results')}
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('find.resultCount', { count: format.number(total) })}
        </p>
        {rows.length === 0 ? (
          <EmptyState title={filtered ? t('find.emptyFiltered') : t('find.empty')} description={requirement ? t('find.emptyMatch') : undefined} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-2 rounded-md border border-border p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={localizePath(locale, `/b2b/company/${row.id}`)} className="font-medium underline-offset-4 hover:underline">
                    {row.name}
                  </Link>
                  <VerifiedBadge status={row.verified ? 'accept' : 'unverified'} />
                  <ApprovedStatusBadge status={row.approval} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {row.country ? countryName(row.country, locale) : '—'} · {t('find.products', { count: format.number(row.productCount) })}
                  {row.matchingProducts !== null ? ` · ${t('find.matching', { count: format.number(row.matchingProducts) })}` : ''}
                </p>
                {row.mainProducts.length > 0 ? (
                  <p className="text-sm">{t('find.mainProducts', { products: row.mainProducts.slice(0, 6).join(', ') })}</p>
                ) : null}
                {row.approval === 'blocked' ? <p className="text-sm text-destructive">{t('find.blockedNote')}</p> : null}
                <div className="mt-auto">
                  {row.shortlisted ? (
                    <p className="text-sm text-muted-foreground">{t('find.onShortlist')}</p>
                  ) : project && row.approval !== 'blocked' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="projectId" value={project.id} />
                      <input type="hidden" name="supplierId" value={row.id} />
                      <input type="hidden" name="supplierName" value={row.name} />
                      <Button type="submit" size="sm" disabled={busy} aria-label={t('find.addTo', { name: row.name, project: project.label })}>
                        {t('find.add')}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={total} offset={offset} limit={limit} hrefFor={(next) => finderHref(locale, filters, next)} />
      </section>
    </div>
  )
}
