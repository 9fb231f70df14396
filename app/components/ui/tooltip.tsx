import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from './cn'

/** §9: a tooltip opens after 700 ms of hover; moving to another trigger within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** Mount once near the root so every tooltip shares the §9 delays. */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />
}

export const Tooltip = TooltipPrimitive.Root

/** The trigger must be focusable (a button or link, usually via asChild) so keyboard users get the tooltip too. */
export const TooltipTrigger = TooltipPrimitive.Trigger

export function TooltipContent({ className, sideOffset = 4, children, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md', className)}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  )
}
