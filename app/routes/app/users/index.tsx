import { useLoaderData } from 'react-router'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../components/ui/cn'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import {
  BanUserInput,
  PLATFORM_ROLES,
  requirePlatformAdmin,
  SetPlatformRoleInput,
  USER_STATUSES,
  UserAdminDetail,
  UserAdminEmpty,
  UserAdminFilters,
  UserAdminTable,
  UserSearchQuery,
  type UserAdminDetailView,
  type UserAdminFilterValues,
} from '../../../modules/companies/index'
import { banUser, getUserDetail, requireActor, searchUsers, setPlatformRole, unbanUser } from '../../../modules/companies/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { AppError, isAppError } from '../../../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/index'

const PAGE_SIZE = 20

/** The list's query from the address; values that make no sense are dropped rather than refused. */
function searchQueryFrom(params: URLSearchParams): UserSearchQuery {
  const offset = Number.parseInt(params.get('offset') ?? '', 10)
  return UserSearchQuery.parse({
    q: (params.get('q') ?? '').trim().slice(0, 200),
    role: PLATFORM_ROLES.find((role) => role === params.get('role')),
    status: USER_STATUSES.find((status) => status === params.get('status')),
    limit: PAGE_SIZE,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  })
}

/** The selected user, or 'missing' when the address names one that does not exist (any more). */
async function selectedUser(ctx: ServiceContext, userId: string): Promise<UserAdminDetailView | 'missing'> {
  try {
    const { user, companies, audit } = await getUserDetail(ctx, userId)
    return {
      user: { ...user, banExpires: user.banExpires?.toISOString() ?? null, createdAt: user.createdAt.toISOString() },
      companies,
      audit: audit.map((entry) => ({
        id: entry.id,
        action: entry.action,
        before: entry.before,
        after: entry.after,
        createdAt: entry.createdAt.toISOString(),
        actorName: entry.actorName,
      })),
    }
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return 'missing'
    throw error
  }
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const query = searchQueryFrom(url.searchParams)
  const selectedId = url.searchParams.get('user')
  const [page, detail] = await withRouteErrors(() => Promise.all([searchUsers(ctx, query), selectedId ? selectedUser(ctx, selectedId) : Promise.resolve(null)]))
  return {
    ...pageData(ctx.locale, 'admin', 'users.metaTitle'),
    filters: { q: query.q, role: query.role, status: query.status } satisfies UserAdminFilterValues,
    total: page.total,
    offset: page.offset,
    limit: page.limit,
    rows: page.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString(), banExpires: item.banExpires?.toISOString() ?? null })),
    selectedId,
    detail,
    selfId: ctx.actor.userId,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

async function runIntent(ctx: ServiceContext, intent: string, form: FormData) {
  requirePlatformAdmin(ctx.actor)
  const userId = String(form.get('userId') ?? '')
  if (intent === 'role') {
    const parsed = parseForm(SetPlatformRoleInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    await setPlatformRole(ctx, userId, parsed.data.role)
    return { ok: true as const, intent }
  }
  if (intent === 'ban') {
    const parsed = parseForm(BanUserInput, form)
    if (!parsed.ok) return failure(parsed, 422, { intent })
    await banUser(ctx, userId, parsed.data)
    return { ok: true as const, intent }
  }
  if (intent === 'unban') {
    await unbanUser(ctx, userId)
    return { ok: true as const, intent }
  }
  throw new AppError('bad_request', 'Unknown action')
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    return await runIntent(ctx, intent, form)
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

export default function UsersPage() {
  const { t } = useTranslation('admin')
  const { locale } = useRootData()
  const format = useFormatter()
  const data = useLoaderData<typeof loader>()
  const base = localizePath(locale, '/app/users')
  const href = (changes: { offset?: number; user?: string | null }) => {
    const params = new URLSearchParams()
    if (data.filters.q) params.set('q', data.filters.q)
    if (data.filters.role) params.set('role', data.filters.role)
    if (data.filters.status) params.set('status', data.filters.status)
    const offset = changes.offset ?? data.offset
    if (offset > 0) params.set('offset', String(offset))
    const user = changes.user === undefined ? data.selectedId : changes.user
    if (user) params.set('user', user)
    const search = params.toString()
    return search ? `${base}?${search}` : base
  }
  const filtered = Boolean(data.filters.q || data.filters.role || data.filters.status)
  return (
    <AppPage title={t('users.title')} description={t('users.description')}>
      <UserAdminFilters filters={data.filters} clearHref={base} />
      <div className={cn('grid items-start gap-6', data.detail ? 'xl:grid-cols-[minmax(0,1fr)_26rem]' : undefined)}>
        <ListResults
          id="users-results-title"
          label={t('users.table.label')}
          count={t('users.resultCount', { count: format.number(data.total) })}
          className="min-w-0"
        >
          {data.rows.length > 0 ? (
            <>
              <UserAdminTable rows={data.rows} selectedId={data.selectedId} detailHref={(userId) => href({ user: userId })} />
              <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={(offset) => href({ offset, user: null })} />
            </>
          ) : (
            <UserAdminEmpty filtered={filtered || data.offset > 0} clearHref={base} />
          )}
        </ListResults>
        {data.detail === 'missing' ? (
          <Card aria-labelledby="user-missing-title">
            <h2 id="user-missing-title" className="sr-only">
              {t('users.detail.label')}
            </h2>
            <Alert tone="warning">{t('users.detail.notFound')}</Alert>
          </Card>
        ) : data.detail ? (
          <UserAdminDetail detail={data.detail} isSelf={data.detail.user.id === data.selfId} closeHref={href({ user: null })} />
        ) : null}
      </div>
    </AppPage>
  )
}
