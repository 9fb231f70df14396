import { Dialog as DialogPrimitive } from 'radix-ui'
import { cn } from './cn'
import { type DialogContentProps, ModalPanel } from './dialog'

export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close

const SIDES = {
  left: 'left-0 border-e',
  right: 'right-0 border-s',
} as const

type SheetContentProps = DialogContentProps & { side?: keyof typeof SIDES }

/** A drawer along one edge of the viewport (e.g. the mobile navigation); a modal dialog underneath. */
export function SheetContent({ side = 'right', className, ...props }: SheetContentProps) {
  return <ModalPanel className={cn('inset-y-0 h-full w-3/4 max-w-sm border-border', SIDES[side], className)} {...props} />
}
