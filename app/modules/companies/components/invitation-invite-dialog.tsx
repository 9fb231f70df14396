import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { Field, FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { useRootData } from '../../../components/use-root-data'
import { useTranslation } from '../../../platform/i18n/react'
import { INVITABLE_ROLES, INVITATION_TTL_DAYS } from '../companies.constants'
import { teamActionPath, useTeamFetcher } from './team-fetcher'

/** "Invite colleague": email and role in a dialog; the invitation mail goes out in the invitee's language. */
export function InvitationInviteDialog() {
  const { t } = useTranslation('team')
  const { locale } = useRootData()
  const [open, setOpen] = useState(false)
  const [round, setRound] = useState(0)
  const { fetcher, failure, busy } = useTeamFetcher({
    key: `invite-${round}`,
    successMessage: (result) => t('invite.sent', { email: result.email ?? '' }),
    onSuccess: () => setOpen(false),
  })
  const fieldError = useFieldErrors(failure?.fieldErrors, 'team')
  const onOpenChange = (next: boolean) => {
    if (next) setRound((value) => value + 1)
    setOpen(next)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t('invite.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('invite.title')} description={t('invite.description', { days: INVITATION_TTL_DAYS })}>
        <fetcher.Form method="post" action={teamActionPath(locale)} className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <FormError error={failure?.formError} />
          <Field label={t('invite.email')} name="email" type="email" autoComplete="off" required errors={fieldError('email')} />
          <FormField label={t('invite.role')} hint={t('invite.roleHint')} errors={fieldError('role')}>
            {(control) => (
              <NativeSelect name="role" defaultValue="member" {...control}>
                {INVITABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('actions.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {t('invite.submit')}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
