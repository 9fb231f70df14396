import { Check, ChevronDown, ChevronUp } from 'lucide-react'
import { Select as SelectPrimitive } from 'radix-ui'
import { type ComponentProps, useId } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'

/** Radix's select in the interface language's direction (issue 26: right to left in Arabic, Hebrew …). */
export function Select(props: ComponentProps<typeof SelectPrimitive.Root>) {
  const { i18n } = useTranslation()
  return <SelectPrimitive.Root dir={i18n.dir} {...props} />
}
export const SelectGroup = SelectPrimitive.Group

/**
 * Shows the chosen item's text, or a translated "Select…" until something is chosen.
 * Pass the chosen label as children when the page is server-rendered: the items are not, so the text would be empty until hydration.
 */
export function SelectValue({ placeholder, ...props }: ComponentProps<typeof SelectPrimitive.Value>) {
  const { t } = useTranslation('ui')
  return <SelectPrimitive.Value placeholder={placeholder ?? t('select.placeholder')} {...props} />
}

/** Label it like an input: an outside <Label htmlFor>, FormField, or aria-label. */
export function SelectTrigger({ className, children, 'aria-labelledby': labelledBy, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const valueId = useId()
  return (
    <SelectPrimitive.Trigger
      className={cn(
        'flex w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-start text-sm text-foreground shadow-sm disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground',
        className,
      )}
      // The outside label names the field; the trigger's own text adds the chosen item.
      aria-labelledby={labelledBy ? `${labelledBy} ${valueId}` : undefined}
      {...props}
    >
      <span id={valueId} className="truncate">
        {children}
      </span>
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  )
}

export function SelectContent({ className, children, position = 'popper', ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border border-border bg-popover text-popover-foreground shadow-md',
          position === 'popper' && 'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex items-center justify-center py-1">
          <ChevronUp aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex items-center justify-center py-1">
          <ChevronDown aria-hidden="true" className="size-4" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  )
}

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return <SelectPrimitive.Label className={cn('px-2 py-1.5 text-xs font-medium text-muted-foreground', className)} {...props} />
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default items-center rounded-sm py-1.5 ps-2 pe-8 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <SelectPrimitive.ItemIndicator className="absolute end-2 flex items-center">
        <Check aria-hidden="true" className="size-4" />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  )
}

export function SelectSeparator({ className, ...props }: ComponentProps<typeof SelectPrimitive.Separator>) {
  return <SelectPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
}
