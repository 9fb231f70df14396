import { Dialog as DialogPrimitive } from 'radix-ui'
import { cn } from './cn'
import { type DialogContentProps, ModalPanel } from './dialog'

export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

/** Logical sides: `start` is the left edge in left-to-right languages and the right edge in right-to-left ones. */
const SIDES = {
  start: 'start-0 border-e',
  end: 'end-0 border-s',
} as const

type SheetContentProps = DialogContentProps & { side?: keyof typeof SIDES }

/** A drawer along one edge of the viewport (e.g. the mobile navigation); a modal dialog underneath. */
export function SheetContent({ side = 'end', className, ...props }: SheetContentProps) {
  return <ModalPanel className={cn('inset-y-0 h-full w-3/4 max-w-sm border-border', SIDES[side], className)} {...props} />
}
