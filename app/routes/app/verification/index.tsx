import { ClipboardCheck } from 'lucide-react'
import { Form, Link, useLoaderData, useSearchParams } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { APPLICATION_FILTER_STATUSES, ApplicationQuery, SUPPLIER_TYPES, VerifiedBadge } from '../../../modules/companies/index'
import { listApplications, requireActor } from '../../../modules/companies/index.server'
import { countryName, countryOptions } from '../../../platform/countries'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/index'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const parsed = ApplicationQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  // A hand-edited address with a bad filter shows the default queue rather than an error page.
  const query = parsed.success ? parsed.data : ApplicationQuery.parse({})
  const page = await withRouteErrors(() => listApplications(ctx, query))
  return {
    ...pageData(ctx.locale, 'suppliers', 'queue.metaTitle', PAGE_MESSAGES.verificationQueue),
    query,
    total: page.total,
    items: page.items.map((item) => ({ ...item, submittedAt: item.submittedAt.toISOString(), reviewedAt: item.reviewedAt?.toISOString() ?? null })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function VerificationQueue() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { query, total, items } = useLoaderData<typeof loader>()
  const [search] = useSearchParams()
  const format = useFormatter()
  const base = localizePath(locale, '/app/verification')
  const decided = search.get('decided')
  const hrefFor = (offset: number) => {
    const next = new URLSearchParams(search)
    next.delete('decided')
    next.delete('company')
    next.set('offset', String(offset))
    return `${base}?${next.toString()}`
  }
  const filtered = query.status !== 'pending' || query.supplierType || query.country || query.q
  return (
    <AppPage title={t('queue.title')} description={t('queue.intro')}>
      {decided === 'accept' || decided === 'reject' ? (
        <Alert tone="success">{t(`queue.decided.${decided}`, { company: search.get('company') ?? '' })}</Alert>
      ) : null}
      <Card as="div">
        <Form
          method="get"
          role="search"
          aria-label={t('queue.filters')}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
        >
          <FormField label={t('queue.status')}>
            {(control) => (
              <NativeSelect name="status" defaultValue={query.status} {...control}>
                {APPLICATION_FILTER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`queue.statuses.${status}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('queue.supplierType')}>
            {(control) => (
              <NativeSelect name="supplierType" defaultValue={query.supplierType ?? ''} {...control}>
                <option value="">{t('queue.anyType')}</option>
                {SUPPLIER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}.label`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('queue.country')}>
            {(control) => (
              <NativeSelect name="country" defaultValue={query.country ?? ''} {...control}>
                <option value="">{t('queue.anyCountry')}</option>
                {countryOptions(locale).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('queue.search')}>
            {(control) => <Input type="search" name="q" defaultValue={query.q ?? ''} placeholder={t('queue.searchPlaceholder')} {...control} />}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit">{t('queue.apply')}</Button>
            {filtered ? (
              <Link to={base} className={buttonClasses('secondary')}>
                {t('queue.reset')}
              </Link>
            ) : null}
          </div>
        </Form>
      </Card>
      {items.length === 0 ? (
        <EmptyState
          icon={ClipboardCheck}
          title={filtered ? t('queue.noMatches') : t('queue.empty')}
          description={filtered ? t('queue.noMatchesBody') : t('queue.emptyBody')}
        />
      ) : (
        <Card as="div" className="p-0">
          <Table stackOnPhone>
            <TableCaption className="sr-only">{t('queue.caption')}</TableCaption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead scope="col">{t('queue.company')}</TableHead>
                <TableHead scope="col">{t('queue.supplierType')}</TableHead>
                <TableHead scope="col">{t('queue.country')}</TableHead>
                <TableHead scope="col">{t('queue.submitted')}</TableHead>
                <TableHead scope="col">{t('queue.documents')}</TableHead>
                <TableHead scope="col">{t('queue.status')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <div className="flex items-center gap-2">
                      <Link to={`${base}/${item.id}`} className="font-medium text-primary underline">
                        {item.companyName}
                      </Link>
                      <VerifiedBadge status={item.verificationStatus} compact />
                    </div>
                    <p className="text-xs text-muted-foreground">{item.legalName}</p>
                  </TableCell>
                  <TableCell label={t('queue.supplierType')}>{t(`types.${item.supplierType}.label`)}</TableCell>
                  <TableCell label={t('queue.country')}>{countryName(item.country, locale)}</TableCell>
                  <TableCell label={t('queue.submitted')} className="whitespace-nowrap">
                    {format.dateTime(item.submittedAt)}
                  </TableCell>
                  <TableCell label={t('queue.documents')}>{format.number(item.documentCount)}</TableCell>
                  <TableCell label={t('queue.status')}>
                    <Badge variant={item.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="px-4 pb-4">
            <Pagination total={total} offset={query.offset} limit={query.limit} hrefFor={hrefFor} />
          </div>
        </Card>
      )}
    </AppPage>
  )
}
