import { BadgeCheck, Building2, ClipboardList, ConciergeBell, Inbox, Package, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { useFormatter } from '../../../components/use-formatter'
import { VerificationStatusBadge } from '../../../modules/companies/index'
import { ORDERABLE_SERVICES } from '../../../modules/orders/index'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { TaskList } from '../../dashboard/components/task-list'
import type { SupplierHome } from '../supplier-home.server'

type SellingHome = Extract<SupplierHome, { kind: 'supplier' }>

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

/** A card of the home: an icon, a title, what it says, and where to go from it. */
function HomeCard({ id, icon: Icon, title, children, footer }: { id: string; icon: typeof Package; title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Card aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-4 sm:p-6" data-card={id}>
      <CardHeader className="mb-0 flex-row items-center gap-2">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <div className="flex flex-1 flex-col gap-3 text-sm">{children}</div>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">{footer}</div>
    </Card>
  )
}

/** Figures side by side: a label and a number that links to the list behind it. */
function Figures({ items }: { items: Array<{ label: string; value: number; href?: string }> }) {
  const format = useFormatter()
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="flex min-w-0 flex-col rounded-md bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{item.label}</dt>
          <dd className="text-xl font-semibold tabular-nums">
            {item.href ? (
              <Link to={item.href} className="underline-offset-4 hover:underline">
                {format.number(item.value)}
              </Link>
            ) : (
              format.number(item.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function VerificationCard({ home, locale }: { home: SellingHome; locale: Locale }) {
  const { t } = useTranslation('supplierHome')
  const status = home.verification
  return (
    <HomeCard
      id="verification"
      icon={BadgeCheck}
      title={t('verification.title')}
      footer={
        status === 'accept' ? null : (
          <Link to={localizePath(locale, '/app/supplier/onboarding')} className={status === 'pending' ? linkClass : buttonClasses('primary')}>
            {status === 'pending' ? t('verification.view') : t('verification.apply')}
          </Link>
        )
      }
    >
      <div>
        <VerificationStatusBadge status={status} />
      </div>
      <p className="text-muted-foreground">{t(`verification.${status}`)}</p>
    </HomeCard>
  )
}

function CatalogueCard({ catalogue, locale }: { catalogue: NonNullable<SellingHome['catalogue']>; locale: Locale }) {
  const { t } = useTranslation('supplierHome')
  const products = (status: string) => `${localizePath(locale, '/app/products')}?status=${status}`
  const active = catalogue.activePriceList
  return (
    <HomeCard
      id="catalogue"
      icon={Package}
      title={t('catalogue.title')}
      footer={
        <>
          <Link to={localizePath(locale, '/app/products')} className={linkClass}>
            {t('catalogue.manage')}
          </Link>
          <Link to={localizePath(locale, active ? `/app/price/${active.id}.list` : '/app/price/new.list')} className={linkClass}>
            {t('catalogue.priceListsLink')}
          </Link>
        </>
      }
    >
      <Figures
        items={[
          { label: t('catalogue.published'), value: catalogue.products.published, href: products('published') },
          { label: t('catalogue.draft'), value: catalogue.products.draft, href: products('draft') },
          { label: t('catalogue.priceLists'), value: catalogue.priceLists },
        ]}
      />
      <p className="text-muted-foreground">
        {active ? t('catalogue.activeList', { name: active.name, currency: active.currency }) : t('catalogue.noActiveList')}
      </p>
    </HomeCard>
  )
}

function InboxCard({ inbox, locale }: { inbox: SellingHome['inbox']; locale: Locale }) {
  const { t } = useTranslation('supplierHome')
  const format = useFormatter()
  const count = inbox?.count ?? 0
  return (
    <HomeCard
      id="inbox"
      icon={Inbox}
      title={t('inbox.title')}
      footer={
        <Link to={localizePath(locale, '/app/supplier/portal')} className={linkClass}>
          {t('inbox.open')}
        </Link>
      }
    >
      {inbox && count > 0 ? (
        <>
          <p>{t('inbox.waiting', { count, number: `${format.number(count)}${inbox.more ? '+' : ''}` })}</p>
          <ul className="flex flex-col divide-y divide-border">
            {inbox.items.map((item) => (
              <li key={item.id} className="flex min-w-0 flex-col py-2 first:pt-0 last:pb-0">
                <Link to={localizePath(locale, item.href)} className={`${linkClass} truncate`}>
                  {item.title}
                </Link>
                <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  {item.detail ? <span className="min-w-0 truncate">{item.detail}</span> : null}
                  {item.date ? <span>{t('inbox.due', { date: format.dateTime(item.date) })}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">{t('inbox.empty')}</p>
      )}
    </HomeCard>
  )
}

function OrdersCard({ home, locale }: { home: SellingHome; locale: Locale }) {
  const { t } = useTranslation('supplierHome')
  const format = useFormatter()
  const sales = (query: string) => `${localizePath(locale, '/app/supplier/purchase-order')}${query}`
  const figures = home.serviceProvider
    ? [{ label: t('orders.serviceRequests'), value: home.orders.serviceRequests, href: localizePath(locale, '/app/orders/service') }]
    : [
        { label: t('orders.toConfirm'), value: home.orders.toConfirm, href: sales('?status=placed') },
        { label: t('orders.toShip'), value: home.orders.toShip, href: localizePath(locale, '/app/orders/fulfillment') },
        { label: t('orders.inTransit'), value: home.orders.inTransit, href: sales('?status=shipped') },
      ]
  return (
    <HomeCard
      id="orders"
      icon={ClipboardList}
      title={t('orders.title')}
      footer={
        <>
          {home.serviceProvider ? null : (
            <Link to={sales('')} className={linkClass}>
              {t('orders.all')}
            </Link>
          )}
          <Link to={localizePath(locale, '/app/orders/service')} className={linkClass}>
            {t('orders.serviceOrders')}
          </Link>
        </>
      }
    >
      <Figures items={figures} />
      {!home.serviceProvider && home.orders.serviceRequests > 0 ? (
        <p>
          <Link to={localizePath(locale, '/app/orders/service')} className={linkClass}>
            {`${t('orders.serviceRequests')}: ${format.number(home.orders.serviceRequests)}`}
          </Link>
        </p>
      ) : null}
    </HomeCard>
  )
}

function ServicesCard({ services, locale }: { services: SellingHome['services']; locale: Locale }) {
  const { t } = useTranslation('supplierHome')
  const { t: tServices } = useTranslation('services')
  const format = useFormatter()
  const offered = ORDERABLE_SERVICES.filter((type) => services.byType[type] > 0)
  return (
    <HomeCard
      id="services"
      icon={ConciergeBell}
      title={t('services.title')}
      footer={
        <Link to={localizePath(locale, '/app/supplier/service')} className={linkClass}>
          {t('services.manage')}
        </Link>
      }
    >
      {services.total > 0 ? (
        <>
          <p>{t('services.count', { count: services.total })}</p>
          <ul className="flex flex-wrap gap-2">
            {offered.map((type) => (
              <li key={type} className="rounded-md border border-border px-2 py-0.5">
                {`${tServices(`types.${type}.name`)} · ${format.number(services.byType[type])}`}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">{t('services.none')}</p>
      )}
    </HomeCard>
  )
}

/** The supplier home: what needs attention first, then where the company stands (verification, catalogue, RFQs, orders, services). */
export function SupplierHomePage({ home, locale, company }: { home: SupplierHome; locale: Locale; company: string }) {
  const { t } = useTranslation('supplierHome')
  if (home.kind === 'noCompany') {
    return (
      <AppPage title={t('page.title')}>
        <EmptyState
          icon={Building2}
          title={t('noCompany.title')}
          description={t('noCompany.description')}
          action={
            <Link to={localizePath(locale, '/onboarding')} className={buttonClasses('primary')}>
              {t('noCompany.action')}
            </Link>
          }
        />
      </AppPage>
    )
  }
  if (home.kind === 'buyer') {
    return (
      <AppPage title={t('page.title')}>
        <Card aria-labelledby="sell-title" className="flex max-w-2xl flex-col gap-4" data-card="become-supplier">
          <div className="flex items-center gap-2">
            <Store aria-hidden="true" className="size-5 text-muted-foreground" />
            <CardTitle id="sell-title">{t('becomeSupplier.title')}</CardTitle>
          </div>
          <p className="text-sm">{t('becomeSupplier.description')}</p>
          <ul className="list-disc ps-5 text-sm text-muted-foreground">
            <li>{t('becomeSupplier.points.catalogue')}</li>
            <li>{t('becomeSupplier.points.rfqs')}</li>
            <li>{t('becomeSupplier.points.services')}</li>
          </ul>
          <div className="flex flex-wrap gap-2">
            <Link to={localizePath(locale, '/app/supplier/onboarding')} className={buttonClasses('primary')}>
              {t('becomeSupplier.action')}
            </Link>
            <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('secondary')}>
              {t('becomeSupplier.dashboard')}
            </Link>
          </div>
        </Card>
      </AppPage>
    )
  }
  return (
    <AppPage
      title={t('page.title')}
      description={t('page.description', { company })}
      actions={
        <Link to={localizePath(locale, '/app/supplier/portal')} className={buttonClasses('secondary')}>
          {t('page.portal')}
        </Link>
      }
    >
      <TaskList tasks={home.attention} locale={locale} />
      <div role="group" aria-label={t('page.cardsLabel')} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <VerificationCard home={home} locale={locale} />
        <InboxCard inbox={home.inbox} locale={locale} />
        <OrdersCard home={home} locale={locale} />
        {home.catalogue ? <CatalogueCard catalogue={home.catalogue} locale={locale} /> : null}
        <ServicesCard services={home.services} locale={locale} />
      </div>
    </AppPage>
  )
}
