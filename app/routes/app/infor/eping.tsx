import { data, Form, Link, useFetcher } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { hasRole } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { EPING_AREAS, EpingListQuery, EpingSubscriptionInput } from '../../../modules/compliance/index'
import { epingDeadlines, epingMembers, getEpingSubscription, listEpingNotifications, updateEpingSubscription } from '../../../modules/compliance/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/eping'

const PATH = '/app/infor/eping'

/** A comma- or line-separated list typed in a form field. */
const listOf = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/[,，;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = EpingListQuery.safeParse(search)
  // A bad filter is said next to its field; the list then shows without filters (never a 500).
  const query = parsed.success ? parsed.data : EpingListQuery.parse({})
  const [page, members, deadlines, subscription] = await withRouteErrors(() =>
    Promise.all([listEpingNotifications(ctx, query), epingMembers(ctx), epingDeadlines(ctx), getEpingSubscription(ctx)]),
  )
  return {
    ...pageData(ctx.locale, 'eping', 'page.title'),
    filterErrors: parsed.success ? {} : fieldErrorsOf(parsed.error),
    filters: {
      q: search.q ?? '',
      member: search.member ?? '',
      area: search.area ?? '',
      hs: search.hs ?? '',
      from: search.from ?? '',
      to: search.to ?? '',
      open: query.open ?? false,
      matched: query.matched ?? false,
    },
    filtered: Object.keys(search).some((key) => key !== 'offset'),
    page: { items: page.items, total: page.total, limit: query.limit, offset: query.offset },
    members,
    deadlines: deadlines.slice(0, 5),
    subscription: { hsCodes: subscription.hsCodes, memberCodes: subscription.memberCodes, keywords: subscription.keywords },
    canEditSubscription: hasRole(ctx.actor, 'admin'),
    sample: page.items.some((item) => item.source === 'sample') || deadlines.some((item) => item.source === 'sample'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const input = EpingSubscriptionInput.safeParse({
    hsCodes: listOf(form.get('hs_codes')),
    memberCodes: listOf(form.get('member_codes')),
    keywords: listOf(form.get('keywords')),
  })
  if (!input.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(input.error) })
  try {
    const saved = await updateEpingSubscription(ctx, input.data)
    return data({ ok: true as const, matched: saved.matched })
  } catch (error) {
    return failureFromError(error)
  }
}

export default function EpingPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useTranslation('eping')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, PATH)
  const { filters } = page
  const href = (offset: number) => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(filters)) if (value) search.set(key, String(value))
    if (offset > 0) search.set('offset', String(offset))
    const query = search.toString()
    return query ? `${base}?${query}` : base
  }
  const filterError = (field: string) => (page.filterErrors as Record<string, string[]>)[field]?.map((key) => t(key))
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('page.intro')}</p>
      </header>
      {page.sample ? <Alert tone="info">{t('page.sampleNotice')}</Alert> : null}

      <section aria-labelledby="eping-deadlines-title" className="flex flex-col gap-2">
        <h2 id="eping-deadlines-title" className="text-lg font-semibold">
          {t('deadlines.heading')}
        </h2>
        {page.deadlines.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('deadlines.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {page.deadlines.map((item) => (
              <li key={item.id} className="flex min-w-0 flex-wrap gap-x-2">
                <span className="font-medium">{t('list.deadline', { date: format.date(`${item.commentDeadline}T00:00:00Z`) })}</span>
                <Link to={`${base}/${encodeURIComponent(item.id)}`} className="min-w-0 break-words text-primary underline-offset-4 hover:underline">
                  {item.documentSymbol} · {item.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('filters.label')}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormField label={t('filters.q')} errors={filterError('q')} className="sm:col-span-2">
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={200} {...control} />}
        </FormField>
        <FormField label={t('filters.member')} errors={filterError('member')}>
          {(control) => (
            <NativeSelect name="member" defaultValue={filters.member} {...control}>
              <option value="">{t('filters.anyMember')}</option>
              {page.members.map((member) => (
                <option key={member.code} value={member.code}>
                  {`${member.name} (${format.number(member.count)})`}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('filters.area')} errors={filterError('area')}>
          {(control) => (
            <NativeSelect name="area" defaultValue={filters.area} {...control}>
              <option value="">{t('filters.anyArea')}</option>
              {EPING_AREAS.map((area) => (
                <option key={area} value={area}>
                  {t(`areas.${area}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('filters.hs')} errors={filterError('hs')}>
          {(control) => <Input name="hs" defaultValue={filters.hs} inputMode="numeric" maxLength={8} {...control} />}
        </FormField>
        <FormField label={t('filters.from')} errors={filterError('from')}>
          {(control) => <Input type="date" name="from" defaultValue={filters.from} {...control} />}
        </FormField>
        <FormField label={t('filters.to')} errors={filterError('to')}>
          {(control) => <Input type="date" name="to" defaultValue={filters.to} {...control} />}
        </FormField>
        <div className="flex flex-col justify-end gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="open" value="true" defaultChecked={filters.open} className="size-4 accent-primary" />
            {t('filters.open')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="matched" value="true" defaultChecked={filters.matched} className="size-4 accent-primary" />
            {t('filters.matched')}
          </label>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">{t('filters.apply')}</Button>
          {page.filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby="eping-results-title" className="flex flex-col gap-3">
        <h2 id="eping-results-title" className="text-sm text-muted-foreground" aria-live="polite">
          {t('list.results', { count: page.page.total })}
        </h2>
        {page.page.items.length === 0 ? (
          <EmptyState
            icon="search"
            title={t('list.empty')}
            description={t('list.emptyHelp')}
            action={
              page.filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('filters.clear')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {page.page.items.map((item) => (
              <li key={item.id}>
                <Card className="flex flex-col gap-2 p-4">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge variant="secondary">{item.area}</Badge>
                    <span className="font-mono">{item.documentSymbol}</span>
                    <span className="text-muted-foreground">{item.memberName}</span>
                    {item.review ? <Badge variant="accept">{t(`reviewStatuses.${item.review.status}`)}</Badge> : null}
                  </div>
                  <Link to={`${base}/${encodeURIComponent(item.id)}`} className="break-words font-medium text-primary underline-offset-4 hover:underline">
                    {item.title}
                  </Link>
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span>{t('list.distributed', { date: format.date(`${item.distributedOn}T00:00:00Z`) })}</span>
                    {item.commentDeadline ? (
                      <span className={item.open ? 'font-medium text-foreground' : undefined}>
                        {t(item.open ? 'list.deadline' : 'list.deadlinePassed', { date: format.date(`${item.commentDeadline}T00:00:00Z`) })}
                      </span>
                    ) : null}
                    {item.hsCodes.length > 0 ? <span>{t('list.hsCodes', { codes: item.hsCodes.join(', ') })}</span> : null}
                  </p>
                  {item.match ? (
                    <p className="text-sm font-medium">
                      {item.match.productCount > 0 ? t('list.concerns', { count: item.match.productCount }) : t('list.followed')}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={page.page.total} offset={page.page.offset} limit={page.page.limit} hrefFor={href} />
      </section>

      <SubscriptionCard subscription={page.subscription} canEdit={page.canEditSubscription} />
    </div>
  )
}

function SubscriptionCard({ subscription, canEdit }: { subscription: { hsCodes: string[]; memberCodes: string[]; keywords: string[] }; canEdit: boolean }) {
  const { t } = useTranslation('eping')
  const fetcher = useFetcher<typeof action>()
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined
  const fieldError = useFieldErrors(failed?.fieldErrors, 'eping')
  const saved = fetcher.state === 'idle' && fetcher.data?.ok === true
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('subscription.heading')}</h2>
        </CardTitle>
        <CardDescription>{t('subscription.intro')}</CardDescription>
      </CardHeader>
      <fetcher.Form method="post" className="flex flex-col gap-3 px-6 pb-6">
        <FormField label={t('subscription.hsCodes')} hint={t('subscription.hsHint')} errors={fieldError('hsCodes')}>
          {(control) => <Input name="hs_codes" defaultValue={subscription.hsCodes.join(', ')} disabled={!canEdit} {...control} />}
        </FormField>
        <FormField label={t('subscription.members')} hint={t('subscription.membersHint')} errors={fieldError('memberCodes')}>
          {(control) => <Input name="member_codes" defaultValue={subscription.memberCodes.join(', ')} disabled={!canEdit} {...control} />}
        </FormField>
        <FormField label={t('subscription.keywords')} hint={t('subscription.keywordsHint')} errors={fieldError('keywords')}>
          {(control) => <Input name="keywords" defaultValue={subscription.keywords.join(', ')} disabled={!canEdit} {...control} />}
        </FormField>
        <FormError error={failed && 'formError' in failed ? failed.formError : undefined} />
        {saved ? (
          <p role="status" className="text-sm text-status-accept">
            {t('subscription.saved')}
          </p>
        ) : null}
        {canEdit ? (
          <Button type="submit" className="self-start" disabled={fetcher.state !== 'idle'}>
            {t('subscription.save')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('subscription.readOnly')}</p>
        )}
      </fetcher.Form>
    </Card>
  )
}
