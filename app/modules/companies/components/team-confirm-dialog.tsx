import { type ReactNode, useId, useState } from 'react'
import { FormError } from '../../../components/form-error'
import { Button, type ButtonSize, type ButtonVariant } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { useRootData } from '../../../components/use-root-data'
import { useTranslation } from '../../../platform/i18n/react'
import { teamActionPath, useTeamFetcher } from './team-fetcher'

type TeamConfirmDialogProps = {
  triggerLabel: ReactNode
  /** Names the trigger for assistive technology when its visible label is short (e.g. "Remove" in a row). */
  triggerAccessibleLabel?: string
  triggerVariant?: ButtonVariant
  triggerSize?: ButtonSize
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  confirmVariant?: ButtonVariant
  intent: string
  fields?: Record<string, string>
  successMessage?: string
}

/** A button that asks for confirmation in a dialog, then posts one intent to the team action; errors stay in the dialog. */
export function TeamConfirmDialog({
  triggerLabel,
  triggerAccessibleLabel,
  triggerVariant = 'secondary',
  triggerSize = 'sm',
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  intent,
  fields = {},
  successMessage,
}: TeamConfirmDialogProps) {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const [open, setOpen] = useState(false)
  // A new fetcher per opening, so an earlier refusal is not shown again.
  const [round, setRound] = useState(0)
  const id = useId()
  const { fetcher, failure, busy } = useTeamFetcher({
    key: `${id}-${round}`,
    successMessage: successMessage ? () => successMessage : undefined,
    onSuccess: () => setOpen(false),
  })
  const onOpenChange = (next: boolean) => {
    if (next) setRound((value) => value + 1)
    setOpen(next)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize} aria-label={triggerAccessibleLabel}>
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <fetcher.Form method="post" action={teamActionPath(locale)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormError error={failure?.formError} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('actions.cancel')}</Button>
            </DialogClose>
            <Button type="submit" variant={confirmVariant} disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
