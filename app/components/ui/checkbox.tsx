import { Check, Minus } from 'lucide-react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from './cn'
import { Label } from './label'

type CheckboxProps = ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** A visible label beside the box; without it, label the box with aria-label or an outside <Label>. */
  label?: ReactNode
}

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const generated = useId()
  const checkboxId = id ?? generated
  const box = (
    <CheckboxPrimitive.Root
      id={checkboxId}
      className={cn(
        'peer grid size-4 shrink-0 place-content-center rounded-sm border border-muted-foreground bg-background shadow-sm disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="group">
        <Check aria-hidden="true" className="size-3.5 group-data-[state=indeterminate]:hidden" />
        <Minus aria-hidden="true" className="size-3.5 group-data-[state=checked]:hidden" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
  if (!label) return box
  return (
    <div className="flex items-center gap-2">
      {box}
      <Label htmlFor={checkboxId} className="font-normal">
        {label}
      </Label>
    </div>
  )
}
