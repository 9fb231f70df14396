import { Building2, ClipboardCheck, Factory, FileBadge, Landmark, Ship, Warehouse, type LucideIcon } from 'lucide-react'
import { useId } from 'react'
import { cn } from '../../../components/ui/cn'
import { useTranslation } from '../../../platform/i18n/react'
import { SUPPLIER_TYPES, type SupplierType } from '../companies.constants'

const ICONS: Record<SupplierType, LucideIcon> = {
  manufacturer: Factory,
  trading_company: Building2,
  wholesaler: Warehouse,
  logistics_provider: Ship,
  inspection_agency: ClipboardCheck,
  customs_broker: Landmark,
  certification_body: FileBadge,
}

/**
 * The seven supplier types as a group of radio cards with a short description each. Native radios:
 * they submit with the form and move with the arrow keys without JavaScript.
 */
export function SupplierTypeCards({
  name = 'supplierType',
  defaultValue,
  errors,
  legend,
}: {
  name?: string
  defaultValue?: SupplierType | null
  errors?: string[] | undefined
  legend: string
}) {
  const { t } = useTranslation('suppliers')
  const id = useId()
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <fieldset aria-describedby={errorId} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SUPPLIER_TYPES.map((type) => {
          const Icon = ICONS[type]
          const optionId = `${id}-${type}`
          return (
            <label
              key={type}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card p-4 text-sm transition-colors hover:bg-muted/50',
                'has-[input:checked]:border-primary has-[input:checked]:bg-accent has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                errorId && 'border-destructive',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={type}
                defaultChecked={defaultValue === type}
                aria-invalid={errorId ? true : undefined}
                aria-describedby={`${optionId}-description`}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              <span className="flex flex-col gap-1">
                <span className="font-medium text-foreground">{t(`types.${type}.label`)}</span>
                <span id={`${optionId}-description`} className="text-xs text-muted-foreground">
                  {t(`types.${type}.description`)}
                </span>
              </span>
            </label>
          )
        })}
      </div>
      {errorId ? (
        <p id={errorId} className="text-xs text-destructive" role="alert">
          {errors?.join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}
