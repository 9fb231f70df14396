import { useFormatter } from '../../../components/use-formatter'
import { cn } from '../../../components/ui/cn'

/** An exact amount ("1250.50") in its currency, formatted for the reader; negative amounts read as such. */
export function MoneyAmount({ amount, currency, className }: { amount: string; currency: string; className?: string }) {
  const format = useFormatter()
  return (
    <span className={cn('tabular-nums whitespace-nowrap', amount.startsWith('-') && 'text-status-reject', className)}>{format.money(amount, currency)}</span>
  )
}
