import { Link } from 'react-router'
import { Money } from '../../../components/money'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { OrderableService, ServiceOrderKind, ServiceOrderStatus } from '../orders.constants'
import { ServiceStatusBadge } from './service-status-badge'

export type ServiceOrderRow = {
  id: string
  number: string
  kind: ServiceOrderKind
  serviceType: OrderableService
  status: ServiceOrderStatus
  viewer: 'buyer' | 'provider' | 'quoting'
  buyer: { name: string }
  provider: { name: string }
  currency: string | null
  price: string | null
  route: { origin: string; destination: string; mode: string } | null
  createdAt: string | Date
}

/** The company's service and logistic orders: number (link), service, other party, status, price, created. */
export function ServiceOrderTable({ rows, locale }: { rows: ServiceOrderRow[]; locale: Locale }) {
  const { t } = useTranslation('services')
  const format = useFormatter()
  return (
    <Table aria-label={t('list.tableLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('list.number')}</TableHead>
          <TableHead>{t('list.service')}</TableHead>
          <TableHead>{t('list.counterpart')}</TableHead>
          <TableHead>{t('list.status')}</TableHead>
          <TableHead className="text-end">{t('list.price')}</TableHead>
          <TableHead>{t('list.created')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const counterpart = row.viewer === 'buyer' ? row.provider.name : row.buyer.name
          return (
            <TableRow key={row.id}>
              <TableCell className="font-medium">
                <Link to={localizePath(locale, `/app/orders/service/${row.id}`)} className="text-primary hover:underline">
                  {row.number}
                </Link>
              </TableCell>
              <TableCell label={t('list.service')}>
                <span className="flex flex-col">
                  <span>{t(`types.${row.serviceType}.name`)}</span>
                  {row.route ? (
                    <span className="text-xs text-muted-foreground">
                      {t('list.routeText', { origin: row.route.origin, destination: row.route.destination })}
                    </span>
                  ) : null}
                </span>
              </TableCell>
              <TableCell label={t('list.counterpart')}>{counterpart || <span className="text-muted-foreground">{t('list.awaitingQuotes')}</span>}</TableCell>
              <TableCell label={t('list.status')}>
                <ServiceStatusBadge status={row.status} />
              </TableCell>
              <TableCell label={t('list.price')} className="text-end tabular-nums">
                {row.price && row.currency ? (
                  <Money amount={row.price} currency={row.currency} />
                ) : (
                  <span className="text-muted-foreground">{t('list.notPriced')}</span>
                )}
              </TableCell>
              <TableCell label={t('list.created')}>{format.date(row.createdAt)}</TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

export type FreightRequestRow = {
  id: string
  number: string
  route: { origin: string; destination: string; mode: string } | null
  serviceDate: string | null
  createdAt: string | Date
}

/** Open freight requests a logistics provider may price. */
export function FreightRequestTable({ rows, locale }: { rows: FreightRequestRow[]; locale: Locale }) {
  const { t } = useTranslation('services')
  const format = useFormatter()
  return (
    <Table aria-label={t('list.openTableLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('list.number')}</TableHead>
          <TableHead>{t('list.route')}</TableHead>
          <TableHead>{t('freight.mode')}</TableHead>
          <TableHead>{t('list.readyDate')}</TableHead>
          <TableHead>
            <span className="sr-only">{t('detail.quoteActions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-medium">{row.number}</TableCell>
            <TableCell label={t('list.route')}>
              {row.route ? t('list.routeText', { origin: row.route.origin, destination: row.route.destination }) : null}
            </TableCell>
            <TableCell label={t('freight.mode')}>{row.route ? t(`modes.${row.route.mode}`) : null}</TableCell>
            <TableCell label={t('list.readyDate')}>{row.serviceDate ? format.date(row.serviceDate) : null}</TableCell>
            <TableCell>
              <Link to={localizePath(locale, `/app/orders/service/${row.id}`)} className="text-primary hover:underline">
                {t('list.priceIt')}
                <span className="sr-only">{`: ${row.number}`}</span>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
