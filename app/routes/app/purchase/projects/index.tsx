import { Link } from 'react-router'
import { AppPage } from '../../../../components/layouts/app-page'
import { Alert } from '../../../../components/ui/alert'
import { buttonClasses } from '../../../../components/ui/button'
import { requireActor } from '../../../../modules/companies/index.server'
import { PROJECT_LIST_DEFAULT_LIMIT, ProjectList, ProjectListQuery } from '../../../../modules/sourcing/index'
import { listProjects } from '../../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../../platform/forms.server'
import { localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { RouteHandle } from '../../../../platform/ui/route-handle'
import type { Route } from './+types/index'
import { PAGE_MESSAGES } from '../../../page-messages'

/** The list query of the page URL; an invalid parameter is dropped rather than refused. */
function queryFrom(params: URLSearchParams): ProjectListQuery {
  const raw: Record<string, string> = {}
  for (const name of ['status', 'q', 'offset'] as const) {
    const value = params.get(name)
    if (value !== null && ProjectListQuery.shape[name].safeParse(value).success) raw[name] = value
  }
  return ProjectListQuery.parse({ ...raw, limit: PROJECT_LIST_DEFAULT_LIMIT })
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const query = queryFrom(url.searchParams)
  const page = await withRouteErrors(() => listProjects(ctx, query))
  return {
    ...pageData(ctx.locale, 'projects', 'list.metaTitle', PAGE_MESSAGES.projectList),
    filters: { status: query.status ?? '', q: query.q ?? '' },
    rows: page.items.map(({ createdAt: _createdAt, ...row }) => row),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ProjectsPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('projects')
  const { locale } = useRootData()
  return (
    <AppPage
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <>
          <Link to={localizePath(locale, '/app/purchase/projects/requirements')} className={buttonClasses('secondary')}>
            {t('list.allRequirements')}
          </Link>
          <Link to={localizePath(locale, '/app/purchase/projects/create')} className={buttonClasses('primary')}>
            {t('list.newProject')}
          </Link>
        </>
      }
    >
      {data.total === 0 && !data.filters.q && !data.filters.status ? <Alert tone="info">{t('list.firstProjectHint')}</Alert> : null}
      <ProjectList locale={locale} filters={data.filters} rows={data.rows} total={data.total} offset={data.offset} limit={data.limit} />
    </AppPage>
  )
}
