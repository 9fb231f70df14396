import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Form } from 'react-router'
import { useTranslation } from '../../platform/i18n/react'
import { Button, type ButtonVariant } from './button'
import { cn } from './cn'

type ConfirmDialogProps = {
  /** The button that opens the dialog (e.g. "Cancel project…"). */
  triggerLabel: ReactNode
  triggerVariant?: ButtonVariant
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  confirmVariant?: ButtonVariant
  /** Shown open on arrival: the server refused what it sent (e.g. a reason is missing) and the answer belongs in it. */
  open?: boolean
  /** The form's fields: hidden inputs naming the action, and what it asks for (a reason). */
  children: ReactNode
  className?: string
}

/** Invoker commands (`commandfor`/`command`) open a native dialog without JavaScript; older browsers get a click handler. */
const supportsInvokerCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype

/**
 * A destructive action behind a confirmation: a button opens a modal dialog (the browser's own `<dialog>`, so focus moves
 * into it, stays there and returns; Escape and "Go back" close it) that says what will happen and posts the form only when
 * confirmed. Browsers with invoker commands open it from the markup alone; others through a click handler.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerVariant = 'secondary',
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  open = false,
  children,
  className,
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui')
  const id = useId()
  const dialogId = `confirm-${id.replace(/:/g, '')}`
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = `${dialogId}-title`
  const descriptionId = `${dialogId}-description`

  useEffect(() => {
    // Arriving with the server's refusal: show it modally (the `open` attribute alone shows it in place, without scripts).
    const element = dialog.current
    if (open && element && !element.matches(':modal')) {
      element.close()
      element.showModal()
    }
  }, [open])

  const command = (name: 'show-modal' | 'close') => ({
    ...({ commandfor: dialogId, command: name } as Record<string, string>),
    onClick: () => {
      if (supportsInvokerCommands()) return
      if (name === 'show-modal') dialog.current?.showModal()
      else dialog.current?.close()
    },
  })

  return (
    <>
      <Button type="button" variant={triggerVariant} aria-haspopup="dialog" {...command('show-modal')}>
        {triggerLabel}
      </Button>
      <dialog
        ref={dialog}
        id={dialogId}
        open={open || undefined}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className={cn(
          'm-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-card p-6 text-card-foreground shadow-lg backdrop:bg-background/80 backdrop:backdrop-blur-sm',
          className,
        )}
      >
        <Form method="post" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <h2 id={titleId} className="text-lg leading-tight font-semibold">
              {title}
            </h2>
            <p id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" {...command('close')}>
              {t('confirm.keep')}
            </Button>
            <Button type="submit" variant={confirmVariant}>
              {confirmLabel}
            </Button>
          </div>
        </Form>
      </dialog>
    </>
  )
}
