import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from './cn'
import { DialogCloseButton, type DialogHeadingProps, DialogHeading, DialogOverlay } from './dialog'

export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

const SIDES = {
  left: 'left-0 border-e',
  right: 'right-0 border-s',
} as const

type SheetContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & DialogHeadingProps & { side?: keyof typeof SIDES }

/** A drawer along one edge of the viewport (e.g. the mobile navigation); a modal dialog underneath. */
export function SheetContent({ side = 'right', title, description, hideDescription, className, children, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-y-0 z-50 flex h-full w-3/4 max-w-sm flex-col gap-4 overflow-y-auto border-border bg-card p-6 text-card-foreground shadow-lg',
          SIDES[side],
          className,
        )}
        {...props}
      >
        <DialogHeading title={title} description={description} hideDescription={hideDescription} />
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}
