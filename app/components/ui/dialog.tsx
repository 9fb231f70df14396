import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from '../../platform/i18n/react'
import { cn } from './cn'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

/** Every dialog is announced by its title and description, so both are required. */
export type DialogHeadingProps = {
  title: ReactNode
  description: ReactNode
  /** Keeps the description for screen readers only, when the content already explains itself visually. */
  hideDescription?: boolean
  /** Keeps the title for screen readers only, when the content starts with a heading that says the same. */
  hideTitle?: boolean
}

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-background/80 backdrop-blur-sm', className)} {...props} />
}

export function DialogHeading({ title, description, hideDescription = false, hideTitle = false }: DialogHeadingProps) {
  return (
    <div className="flex flex-col gap-1.5 pe-8">
      <DialogPrimitive.Title className={hideTitle ? 'sr-only' : 'text-lg leading-tight font-semibold'}>{title}</DialogPrimitive.Title>
      <DialogPrimitive.Description className={hideDescription ? 'sr-only' : 'text-sm text-muted-foreground'}>{description}</DialogPrimitive.Description>
    </div>
  )
}

export function DialogCloseButton() {
  const { t } = useTranslation('ui')
  return (
    <DialogPrimitive.Close className="absolute end-4 top-4 rounded-sm p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">{t('close')}</span>
    </DialogPrimitive.Close>
  )
}

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & DialogHeadingProps

/** The modal panel both dialogs and sheets are: overlay, labelled content, close button. */
export function ModalPanel({ title, description, hideDescription, hideTitle, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn('fixed z-50 flex flex-col gap-4 overflow-y-auto bg-card p-6 text-card-foreground shadow-lg', className)}
        {...props}
      >
        <DialogHeading title={title} description={description} hideDescription={hideDescription} hideTitle={hideTitle} />
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/** A modal dialog: focus is trapped inside, Escape and the labelled close button dismiss it. */
export function DialogContent({ className, ...props }: DialogContentProps) {
  return (
    <ModalPanel
      className={cn(
        'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border',
        className,
      )}
      {...props}
    />
  )
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}
