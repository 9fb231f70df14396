import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'
import { Label } from './label'

/** Label the group with aria-labelledby (FormField passes it) or aria-label. Arrow keys move between items. */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  const { i18n } = useTranslation()
  return <RadioGroupPrimitive.Root dir={i18n.dir} className={cn('grid gap-2', className)} {...props} />
}

type RadioGroupItemProps = ComponentProps<typeof RadioGroupPrimitive.Item> & { label: ReactNode }

export function RadioGroupItem({ label, id, className, ...props }: RadioGroupItemProps) {
  const generated = useId()
  const itemId = id ?? generated
  return (
    <div className="flex items-center gap-2">
      <RadioGroupPrimitive.Item
        id={itemId}
        className={cn(
          'peer grid size-4 shrink-0 place-content-center rounded-full border border-muted-foreground bg-background shadow-sm disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-[state=checked]:border-primary',
          className,
        )}
        {...props}
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Item>
      <Label htmlFor={itemId} className="font-normal">
        {label}
      </Label>
    </div>
  )
}
