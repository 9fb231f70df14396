import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import type { FreightDetails } from '../orders.constants'

/** What a freight request carries and where, as a definition list. */
export function FreightDetailsList({ freight, locale }: { freight: FreightDetails; locale: string }) {
  const { t } = useTranslation('services')
  const format = useFormatter()
  const rows: Array<[string, string]> = [
    [t('freight.origin'), `${freight.origin}, ${countryName(freight.originCountry, locale)}`],
    [t('freight.destination'), `${freight.destination}, ${countryName(freight.destinationCountry, locale)}`],
    [t('freight.mode'), t(`modes.${freight.mode}`)],
    [t('freight.incoterm'), freight.incoterm],
    [t('freight.readyDate'), format.date(freight.readyDate)],
    [t('freight.packages'), format.number(freight.packages)],
    [t('freight.weightKg'), t('detail.weightValue', { value: format.number(freight.weightKg) })],
    [t('freight.volumeM3'), t('detail.volumeValue', { value: format.number(freight.volumeM3) })],
    [t('freight.dangerousGoods'), freight.dangerousGoods ? t('detail.dangerousYes') : t('detail.dangerousNo')],
    [t('freight.cargoDescription'), freight.cargoDescription],
  ]
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="text-sm whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
