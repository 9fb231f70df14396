import { Switch as SwitchPrimitive } from 'radix-ui'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { cn } from './cn'
import { Label } from './label'

type SwitchProps = ComponentProps<typeof SwitchPrimitive.Root> & {
  /** A visible label beside the switch; without it, label the switch with aria-label or an outside <Label>. */
  label?: ReactNode
}

export function Switch({ label, id, className, ...props }: SwitchProps) {
  const generated = useId()
  const switchId = id ?? generated
  const control = (
    <SwitchPrimitive.Root
      id={switchId}
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent bg-input shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0 rtl:data-[state=checked]:-translate-x-4 motion-reduce:transition-none dark:data-[state=unchecked]:bg-foreground" />
    </SwitchPrimitive.Root>
  )
  if (!label) return control
  return (
    <div className="flex items-center gap-2">
      {control}
      <Label htmlFor={switchId} className="font-normal">
        {label}
      </Label>
    </div>
  )
}
