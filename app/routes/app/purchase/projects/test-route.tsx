import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { AppPage } from '../../../../components/layouts/app-page'
import { Badge } from '../../../../components/ui/badge'
import { Button, buttonClasses } from '../../../../components/ui/button'
import { Card, CardTitle } from '../../../../components/ui/card'
import { EmptyState } from '../../../../components/ui/empty-state'
import { FormField } from '../../../../components/ui/field'
import { Input } from '../../../../components/ui/input'
import { Pagination } from '../../../../components/ui/pagination'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../../components/ui/table'
import { useFormatter } from '../../../../components/use-formatter'
import { requireActor } from '../../../../modules/companies/index.server'
import { projectsForRouteCheck } from '../../../../modules/sourcing/index.server'
import { countryName, isCountryCode } from '../../../../platform/countries'
import { withRouteErrors } from '../../../../platform/forms.server'
import { type Locale, localizePath } from '../../../../platform/i18n/locales'
import { useTranslation } from '../../../../platform/i18n/react'
import { translator } from '../../../../platform/i18n/translate.server'
import type { RouteHandle } from '../../../../platform/ui/route-handle'
import { CHECK_SECTIONS, type CheckStatus, checkTally, type RouteCheck } from '../../../../workflows/route-check/route-check'
import { checkProjectRoute } from '../../../../workflows/route-check/route-check.server'
import { pageData } from '../../../page-data.server'
import { PAGE_MESSAGES } from '../../../page-messages'
import { useRootData } from '../../../route-helpers'
import type { Route } from './+types/test-route'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const PATH = '/app/purchase/projects/test-route'
const PAGE_SIZE = 20

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  // A support tool of the platform's: for everyone else the page does not exist.
  if (ctx.actor.platformRole !== 'admin') throw data(translator(ctx.locale)('errors.pageNotFound', { path: url.pathname }), { status: 404 })
  const page = pageData(ctx.locale, 'routeCheck', 'meta.title', PAGE_MESSAGES.routeCheck)
  const projectId = url.searchParams.get('project')
  if (projectId) return { ...page, view: 'check' as const, result: await withRouteErrors(() => checkProjectRoute(ctx, projectId)) }
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0)
  const projects = await withRouteErrors(() => projectsForRouteCheck(ctx, { q: q || undefined, limit: PAGE_SIZE, offset }))
  return { ...page, view: 'pick' as const, q, offset, limit: PAGE_SIZE, projects }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const STATUS_ICON = { pass: CheckCircle2, warn: AlertTriangle, fail: XCircle } as const
const STATUS_BADGE = { pass: 'accept', warn: 'pending', fail: 'reject' } as const

/** ISO codes in a check's value ("CN → NL") by their names in the reader's language. */
const namedCountries = (text: string, locale: Locale) => text.replace(/\b[A-Z]{2}\b/g, (code) => (isCountryCode(code) ? countryName(code, locale) : code))

function CheckLine({ check, locale }: { check: RouteCheck; locale: Locale }) {
  const { t } = useTranslation('routeCheck')
  const Icon = STATUS_ICON[check.status]
  const values = Object.fromEntries(
    Object.entries(check.values).map(([key, value]) => [key, typeof value === 'string' ? namedCountries(value, locale) : value]),
  )
  return (
    <li className="flex min-w-0 items-start gap-3 py-3 first:pt-0 last:pb-0" data-check={check.id} data-status={check.status}>
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${check.status === 'pass' ? 'text-status-accept' : check.status === 'warn' ? 'text-status-pending' : 'text-status-reject'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="break-words">{t(`checks.${check.id}.${check.variant}`, values)}</p>
        {check.href ? (
          <Link to={localizePath(locale, check.href)} className="text-sm text-primary underline-offset-4 hover:underline">
            {t('result.providers')}
          </Link>
        ) : null}
      </div>
      <Badge variant={STATUS_BADGE[check.status]}>{t(`statuses.${check.status}`)}</Badge>
    </li>
  )
}

function ProjectPicker({ data: picked }: { data: Extract<Route.ComponentProps['loaderData'], { view: 'pick' }> }) {
  const { t } = useTranslation('routeCheck')
  const { t: tProjects } = useTranslation('projects')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, PATH)
  const pageHref = (offset: number) => `${base}?${new URLSearchParams({ ...(picked.q ? { q: picked.q } : {}), offset: String(offset) })}`
  return (
    <>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <FormField label={t('page.searchLabel')}>{(control) => <Input {...control} name="q" defaultValue={picked.q} maxLength={100} />}</FormField>
        <Button type="submit" variant="secondary">
          {t('page.search')}
        </Button>
      </Form>
      <section aria-labelledby="projects-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="projects-title" className="text-lg font-semibold">
            {t('page.projects')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('page.count', { count: picked.projects.total })}
          </p>
        </div>
        {picked.projects.items.length === 0 ? (
          <EmptyState title={t('page.empty')} description={t('page.emptyHint')} />
        ) : (
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('page.projects')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('page.number')}</TableHead>
                <TableHead>{t('page.company')}</TableHead>
                <TableHead>{t('page.status')}</TableHead>
                <TableHead>{t('page.created')}</TableHead>
                <TableHead>
                  <span className="sr-only">{t('page.check')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {picked.projects.items.map((project) => (
                <TableRow key={project.id}>
                  <TableCell>
                    <div className="font-medium">{project.number}</div>
                    <div className="text-xs break-words text-muted-foreground">{project.name}</div>
                  </TableCell>
                  <TableCell label={t('page.company')}>{project.companyName}</TableCell>
                  <TableCell label={t('page.status')}>{tProjects(`status.${project.status}`)}</TableCell>
                  <TableCell label={t('page.created')}>{format.date(project.createdAt)}</TableCell>
                  <TableCell>
                    <Link to={`${base}?project=${encodeURIComponent(project.id)}`} className={buttonClasses('secondary')}>
                      {t('page.check')}
                      <span className="sr-only">{`: ${project.number}`}</span>
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Pagination total={picked.projects.total} offset={picked.offset} limit={picked.limit} hrefFor={pageHref} />
      </section>
    </>
  )
}

function RouteResult({ result }: { result: Extract<Route.ComponentProps['loaderData'], { view: 'check' }>['result'] }) {
  const { t } = useTranslation('routeCheck')
  const { t: tProjects } = useTranslation('projects')
  const { locale } = useRootData()
  const tally = checkTally(result.checks)
  const names = (codes: string[]) => codes.map((code) => countryName(code, locale)).join(', ')
  return (
    <>
      <Card aria-labelledby="route-title" className="flex flex-col gap-2">
        <CardTitle id="route-title">{`${result.project.number} · ${result.project.name}`}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t('result.company', { company: result.project.companyName, status: tProjects(`status.${result.project.status}`) })}
        </p>
        <p className="text-sm">
          {t('result.lanes', {
            origins: result.origins.length > 0 ? names(result.origins) : t('result.noOrigins'),
            destinations: result.destinations.length > 0 ? names(result.destinations) : t('result.noDestinations'),
          })}
        </p>
        <p className="text-sm font-medium" role="status">
          {t('result.tally', tally satisfies Record<CheckStatus, number>)}
        </p>
      </Card>
      {CHECK_SECTIONS.map((section) => {
        const checks = result.checks.filter((check) => check.section === section)
        if (checks.length === 0) return null
        return (
          <Card key={section} aria-labelledby={`section-${section}`} className="p-4 sm:p-6">
            <CardTitle id={`section-${section}`} className="mb-3">
              {t(`sections.${section}`)}
            </CardTitle>
            <ul aria-label={t('result.listLabel', { section: t(`sections.${section}`) })} className="flex flex-col divide-y divide-border">
              {checks.map((check, index) => (
                <CheckLine key={`${check.id}-${index}`} check={check} locale={locale} />
              ))}
            </ul>
          </Card>
        )
      })}
    </>
  )
}

export default function ProjectRouteCheckPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('routeCheck')
  const { locale } = useRootData()
  return (
    <AppPage
      title={t('page.title')}
      description={t('page.description')}
      actions={
        loaderData.view === 'check' ? (
          <Link to={localizePath(locale, PATH)} className={buttonClasses('secondary')}>
            {t('page.others')}
          </Link>
        ) : null
      }
    >
      {loaderData.view === 'check' ? <RouteResult result={loaderData.result} /> : <ProjectPicker data={loaderData} />}
    </AppPage>
  )
}
