import { Money } from '../../../components/money'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from './use-unit-name'

type PriceTiers = { currency: string; tiers: Array<{ minQuantity: number; unitPrice: string }> }

/** Quantity breaks → unit price, lowest quantity first; `labelledBy` names the table after the section's heading. */
export function PriceTiersTable({ priceTiers, unit, labelledBy }: { priceTiers: PriceTiers; unit: string; labelledBy: string }) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const unitName = useUnitName()
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('product.minQuantity')}</TableHead>
          <TableHead className="text-end">{t('product.unitPrice')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {priceTiers.tiers.map((tier) => (
          <TableRow key={tier.minQuantity}>
            <TableCell>{t('product.tierQuantity', { quantity: format.number(tier.minQuantity), unit: unitName(unit, tier.minQuantity) })}</TableCell>
            <TableCell className="text-end font-medium tabular-nums">
              <Money amount={tier.unitPrice} currency={priceTiers.currency} unitPrice />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
