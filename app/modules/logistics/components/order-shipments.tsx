import { Link } from 'react-router'
import { Card, CardTitle } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { ShipmentMode, ShipmentStatus } from '../logistics.constants'
import { ShipmentStatusBadge } from './shipment-status-badge'

/** A shipment of the order, as the order page's loader sends it. */
export type OrderShipmentRow = {
  id: string
  number: string
  status: ShipmentStatus
  mode: ShipmentMode
  eta: string
  late: boolean
  lastLocation: string
  units: number
  received: boolean
}

/**
 * Where the order's goods are: each shipment carrying its lines, with status, place and arrival (texts from
 * `logistics`). Nothing until the first shipment (the order's actions offer to book it).
 */
export function OrderShipments({ locale, shipments }: { locale: Locale; shipments: OrderShipmentRow[] }) {
  const { t } = useTranslation('logistics')
  const format = useFormatter()
  if (shipments.length === 0) return null
  return (
    <Card className="flex flex-col gap-3 p-6" aria-labelledby="order-shipments-title">
      <CardTitle id="order-shipments-title">{t('orderShipments.title')}</CardTitle>
      <ul className="flex flex-col divide-y divide-border" aria-labelledby="order-shipments-title">
        {shipments.map((shipment) => (
          <li key={shipment.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
            <Link
              to={localizePath(locale, `/app/shipments/tracking?id=${encodeURIComponent(shipment.id)}`)}
              className="font-mono text-xs font-medium underline-offset-4 hover:underline"
            >
              {shipment.number}
            </Link>
            <ShipmentStatusBadge status={shipment.status} />
            <span>{t('orderShipments.units', { count: shipment.units })}</span>
            <span className="text-muted-foreground">{t(`modes.${shipment.mode}`)}</span>
            {shipment.status === 'delivered' ? (
              <span className="text-muted-foreground">{shipment.received ? t('orderShipments.received') : t('orderShipments.toReceive')}</span>
            ) : (
              <span className="text-muted-foreground">
                {t('orderShipments.eta', { date: format.date(`${shipment.eta}T12:00:00Z`) })}
                {shipment.lastLocation ? ` · ${t('list.lastSeen', { place: shipment.lastLocation })}` : ''}
              </span>
            )}
            {shipment.late ? <span className="text-xs font-medium text-destructive">{t('orderShipments.late')}</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}
