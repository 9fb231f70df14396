import { useCallback, useId, useRef, useState } from 'react'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { FormField } from '../../../components/ui/field'
import { Label } from '../../../components/ui/label'
import { NativeSelect } from '../../../components/ui/native-select'
import { RadioGroup, RadioGroupItem } from '../../../components/ui/radio-group'
import { Textarea } from '../../../components/ui/textarea'
import { useRootData } from '../../../components/use-root-data'
import type { PlatformRole } from '../../../platform/actor'
import { useTranslation } from '../../../platform/i18n/react'
import { BAN_DURATIONS_DAYS, BAN_REASON_MAX_LENGTH, PLATFORM_ROLES, type UserStatus } from '../user-admin.inputs'
import { userAdminActionPath, useUserAdminFetcher } from './user-admin-fetcher'

export type UserAdminActionTarget = { id: string; name: string; role: PlatformRole; status: UserStatus }

const DEFAULT_BAN_DURATION = '7'

/**
 * A dialog whose form posts one intent; each opening gets a fresh fetcher so an earlier refusal is not
 * shown again. After a success its trigger may be gone (Ban becomes Unban), so focus goes to `onDone`.
 */
function useActionDialog(intent: string, successMessage: string, onDone: () => void) {
  const [open, setOpen] = useState(false)
  const [round, setRound] = useState(0)
  const id = useId()
  const succeeded = useRef(false)
  const close = useCallback(() => {
    succeeded.current = true
    setOpen(false)
  }, [])
  const state = useUserAdminFetcher({ key: `${intent}-${id}-${round}`, successMessage, onSuccess: close })
  const onOpenChange = (next: boolean) => {
    if (next) setRound((value) => value + 1)
    setOpen(next)
  }
  const onCloseAutoFocus = (event: Event) => {
    if (!succeeded.current) return
    succeeded.current = false
    event.preventDefault()
    onDone()
  }
  return { open, onOpenChange, onCloseAutoFocus, ...state }
}

function DialogButtons({ confirmLabel, busy, variant = 'primary' }: { confirmLabel: string; busy: boolean; variant?: 'primary' | 'danger' }) {
  const { t } = useTranslation('admin')
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary">{t('users.actions.cancel')}</Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={busy}>
        {confirmLabel}
      </Button>
    </DialogFooter>
  )
}

function HiddenFields({ intent, userId }: { intent: string; userId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={userId} />
    </>
  )
}

/** Pick the new platform role, then confirm: the user is signed out everywhere so the new role applies at once. */
function RoleChange({ user, onDone }: { user: UserAdminActionTarget; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const { locale } = useRootData()
  const selectId = useId()
  const [role, setRole] = useState<PlatformRole>(user.role)
  const dialog = useActionDialog('role', t('users.actions.roleChanged', { name: user.name }), onDone)
  const promote = role === 'admin'
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={selectId}>{t('users.actions.roleLabel')}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect id={selectId} value={role} onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'user')} className="w-48">
          {PLATFORM_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`users.roles.${value}`)}
            </option>
          ))}
        </NativeSelect>
        <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="secondary" disabled={role === user.role}>
              {t('users.actions.changeRole')}
            </Button>
          </DialogTrigger>
          <DialogContent
            onCloseAutoFocus={dialog.onCloseAutoFocus}
            title={promote ? t('users.actions.promoteTitle', { name: user.name }) : t('users.actions.demoteTitle', { name: user.name })}
            description={promote ? t('users.actions.promoteBody', { name: user.name }) : t('users.actions.demoteBody', { name: user.name })}
          >
            <dialog.fetcher.Form method="post" action={userAdminActionPath(locale)} className="flex flex-col gap-4">
              <HiddenFields intent="role" userId={user.id} />
              <input type="hidden" name="role" value={role} />
              <FormError error={dialog.failure?.formError} />
              <DialogButtons
                confirmLabel={promote ? t('users.actions.promoteConfirm') : t('users.actions.demoteConfirm')}
                busy={dialog.busy}
                variant={promote ? 'primary' : 'danger'}
              />
            </dialog.fetcher.Form>
          </DialogContent>
        </Dialog>
      </div>
    </div>
  )
}

function BanDialog({ user, onDone }: { user: UserAdminActionTarget; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const { locale } = useRootData()
  const dialog = useActionDialog('ban', t('users.actions.banned', { name: user.name }), onDone)
  const fieldError = useFieldErrors(dialog.failure?.fieldErrors, 'admin')
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="danger" className="w-fit">
          {t('users.actions.ban')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={dialog.onCloseAutoFocus}
        title={t('users.actions.banTitle', { name: user.name })}
        description={t('users.actions.banBody')}
      >
        <dialog.fetcher.Form method="post" action={userAdminActionPath(locale)} className="flex flex-col gap-4" noValidate>
          <HiddenFields intent="ban" userId={user.id} />
          <FormError error={dialog.failure?.formError} />
          <FormField label={t('users.actions.reason')} hint={t('users.actions.reasonHint')} errors={fieldError('reason')}>
            {(control) => <Textarea name="reason" required maxLength={BAN_REASON_MAX_LENGTH} rows={3} {...control} />}
          </FormField>
          <FormField label={t('users.actions.duration')} errors={fieldError('expires_in_days')}>
            {(control) => (
              <RadioGroup name="expires_in_days" defaultValue={DEFAULT_BAN_DURATION} {...control}>
                {BAN_DURATIONS_DAYS.map((days) => (
                  <RadioGroupItem key={days} value={String(days)} label={t(`users.actions.duration${days}`)} />
                ))}
                <RadioGroupItem value="permanent" label={t('users.actions.durationPermanent')} />
              </RadioGroup>
            )}
          </FormField>
          <DialogButtons confirmLabel={t('users.actions.banConfirm')} busy={dialog.busy} variant="danger" />
        </dialog.fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

function UnbanDialog({ user, onDone }: { user: UserAdminActionTarget; onDone: () => void }) {
  const { t } = useTranslation('admin')
  const { locale } = useRootData()
  const dialog = useActionDialog('unban', t('users.actions.unbanned', { name: user.name }), onDone)
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-fit">
          {t('users.actions.unban')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={dialog.onCloseAutoFocus}
        title={t('users.actions.unbanTitle', { name: user.name })}
        description={t('users.actions.unbanBody')}
      >
        <dialog.fetcher.Form method="post" action={userAdminActionPath(locale)} className="flex flex-col gap-4">
          <HiddenFields intent="unban" userId={user.id} />
          <FormError error={dialog.failure?.formError} />
          <DialogButtons confirmLabel={t('users.actions.unbanConfirm')} busy={dialog.busy} />
        </dialog.fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** Role and ban controls for another user; your own account and other admins' bans are explained instead. */
export function UserAdminActions({ user, isSelf, onDone }: { user: UserAdminActionTarget; isSelf: boolean; onDone: () => void }) {
  const { t } = useTranslation('admin')
  if (isSelf) return <p className="text-sm text-muted-foreground">{t('users.actions.self')}</p>
  return (
    <div className="flex flex-col gap-4">
      <RoleChange key={`${user.id}-${user.role}`} user={user} onDone={onDone} />
      {user.status === 'banned' ? (
        <UnbanDialog user={user} onDone={onDone} />
      ) : user.role === 'admin' ? (
        <p className="text-sm text-muted-foreground">{t('users.actions.adminCannotBeBanned')}</p>
      ) : (
        <BanDialog user={user} onDone={onDone} />
      )}
    </div>
  )
}
