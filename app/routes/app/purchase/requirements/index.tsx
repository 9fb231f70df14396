import { Form, Link } from 'react-router'
import { AppPage } from '../../../../components/layouts/app-page'
import { Money } from '../../../../components/money'
import { Button, buttonClasses } from '../../../../components/ui/button'
import { EmptyState } from '../../../../components/ui/empty-state'
import { FormField } from '../../../../components/ui/field'
import { Input } from '../../../../components/ui/input'
import { NativeSelect } from '../../../../components/ui/native-select'
import { Pagination } from '../../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../../components/ui/table'
import { useFormatter } from '../../../../components/use-formatter'
import { categoryTree, flattenCategories } from '../../../../modules/catalog/index.server'
import { requireActor } from '../../../../modules/companies/index.server'
import { REQUIREMENT_LIST_DEFAULT_LIMIT, REQUIREMENT_STATUSES, RequirementListQuery, RequirementStatusBadge } from '../../../../modules/sourcing/index'
import { listRequirements, openProjects } from '../../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { RouteHandle } from '../../../../platform/ui/route-handle'
import type { Route } from './+types/index'
import { PAGE_MESSAGES } from '../../../page-messages'

const FILTERS = ['project', 'status', 'category', 'q'] as const

function queryFrom(params: URLSearchParams): RequirementListQuery {
  const raw: Record<string, string> = {}
  for (const name of [...FILTERS, 'offset'] as const) {
    const value = params.get(name)
    if (value !== null && RequirementListQuery.shape[name].safeParse(value).success) raw[name] = value
  }
  return RequirementListQuery.parse({ ...raw, limit: REQUIREMENT_LIST_DEFAULT_LIMIT })
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const query = queryFrom(new URL(request.url).searchParams)
  const [page, projects, tree] = await withRouteErrors(() => Promise.all([listRequirements(ctx, query), openProjects(ctx), categoryTree(ctx.locale)]))
  return {
    ...pageData(ctx.locale, 'projects', 'requirements.list.metaTitle', PAGE_MESSAGES.requirementList),
    filters: { project: query.project ?? '', status: query.status ?? '', category: query.category ?? '', q: query.q ?? '' },
    projects: projects.map(({ id, number, name }) => ({ id, number, name })),
    categories: flattenCategories(tree).map(({ id, name, depth }) => ({ id, name, depth })),
    rows: page.items,
    total: page.total,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function RequirementsPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, '/app/purchase/projects/requirements')
  const filtered = FILTERS.some((name) => data.filters[name])
  const hrefFor = (offset: number) => {
    const search = new URLSearchParams()
    for (const name of FILTERS) if (data.filters[name]) search.set(name, data.filters[name])
    if (offset > 0) search.set('offset', String(offset))
    return search.size ? `${base}?${search}` : base
  }
  return (
    <AppPage
      title={t('requirements.list.title')}
      description={t('requirements.list.description')}
      actions={
        <Link to={`${base}/create${data.filters.project ? `?project=${encodeURIComponent(data.filters.project)}` : ''}`} className={buttonClasses('primary')}>
          {t('requirements.list.newRequirement')}
        </Link>
      }
    >
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('list.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1.5fr_auto] lg:items-end"
      >
        <FormField label={t('requirements.list.q')}>
          {(control) => <Input type="search" name="q" defaultValue={data.filters.q} maxLength={100} {...control} />}
        </FormField>
        <FormField label={t('requirements.list.project')}>
          {(control) => (
            <NativeSelect name="project" defaultValue={data.filters.project} {...control}>
              <option value="">{t('requirements.list.anyProject')}</option>
              {data.projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.number} · {project.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={data.filters.status} {...control}>
              <option value="">{t('list.filters.anyStatus')}</option>
              {REQUIREMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`requirementStatus.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('requirements.list.category')}>
          {(control) => (
            <NativeSelect name="category" defaultValue={data.filters.category} {...control}>
              <option value="">{t('requirements.list.anyCategory')}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {`${'— '.repeat(category.depth)}${category.name}`}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {t('list.filters.apply')}
          </Button>
          {filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('list.filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('list.resultCount', { count: format.number(data.total) })}
      </p>
      {data.rows.length === 0 ? (
        <EmptyState title={filtered ? t('list.emptyFiltered') : t('requirements.list.empty')} />
      ) : (
        <Table aria-label={t('requirements.list.tableLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('requirements.columns.title')}</TableHead>
              <TableHead>{t('requirements.columns.project')}</TableHead>
              <TableHead>{t('requirements.columns.category')}</TableHead>
              <TableHead className="text-end">{t('requirements.columns.quantity')}</TableHead>
              <TableHead className="text-end">{t('requirements.columns.targetPrice')}</TableHead>
              <TableHead>{t('requirements.columns.requiredBy')}</TableHead>
              <TableHead>{t('requirements.columns.status')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Link to={`${base}/view/${row.id}`} className="underline-offset-4 hover:underline">
                    {row.title}
                  </Link>
                  {row.hsCode ? <span className="block font-mono text-xs text-muted-foreground">{t('requirements.hsCode', { code: row.hsCode })}</span> : null}
                </TableCell>
                <TableCell label={t('requirements.columns.project')}>
                  <Link
                    to={localizePath(locale, `/app/purchase/projects/view/${row.projectId}`)}
                    className="font-mono text-xs underline-offset-4 hover:underline"
                  >
                    {row.projectNumber}
                  </Link>
                </TableCell>
                <TableCell label={t('requirements.columns.category')}>{row.categoryName ?? '—'}</TableCell>
                <TableCell label={t('requirements.columns.quantity')} className="text-end whitespace-nowrap">
                  {format.number(row.quantity)} {row.unit}
                </TableCell>
                <TableCell label={t('requirements.columns.targetPrice')} className="text-end whitespace-nowrap">
                  {row.targetUnitPrice && row.targetCurrency ? <Money amount={row.targetUnitPrice} currency={row.targetCurrency} unitPrice /> : '—'}
                </TableCell>
                <TableCell label={t('requirements.columns.requiredBy')} className="whitespace-nowrap">
                  {row.requiredBy ? format.date(`${row.requiredBy}T12:00:00Z`) : '—'}
                </TableCell>
                <TableCell label={t('requirements.columns.status')}>
                  <RequirementStatusBadge status={row.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={hrefFor} />
    </AppPage>
  )
}
