import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormError } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { CHANNEL_NAME_MAX_CHARS, CHANNEL_TOPIC_MAX_CHARS } from '../messaging.constants'

export type CompanyMemberChoice = { userId: string; name: string }
export type ChannelFormFailure = {
  fieldErrors?: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[] }
  values?: { name: string; topic: string; visibility: string; memberIds: string[] }
}

/**
 * "New channel": name, topic, public or private, and the colleagues to add. It posts `intent=create` to the page;
 * the action's field errors (keys of the `messaging` catalog) show next to their fields and keep the dialog open.
 */
export function NewChannelDialog({
  members,
  viewerId,
  idempotencyKey,
  failure,
}: {
  members: CompanyMemberChoice[]
  viewerId: string
  idempotencyKey: string
  failure: ChannelFormFailure | undefined
}) {
  const { t } = useTranslation('chat')
  const { t: tField } = useTranslation('messaging')
  const navigation = useNavigation()
  const [open, setOpen] = useState(false)
  // A refused submission reopens the dialog with the errors (adjusting state while rendering, not in an effect).
  const [shownFailure, setShownFailure] = useState(failure)
  if (failure !== shownFailure) {
    setShownFailure(failure)
    if (failure) setOpen(true)
  }
  const errors = (name: string) => failure?.fieldErrors?.[name]?.map((key) => tField(key, { defaultValue: t('channels.invalidField') }))
  const values = failure?.values
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
  const others = members.filter((member) => member.userId !== viewerId)

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          {t('channels.new')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('channels.newTitle')} description={t('channels.newDescription')}>
        <Form method="post" className="flex flex-col gap-4" key={values ? JSON.stringify(values) : 'blank'}>
          <input type="hidden" name="intent" value="create" />
          <IdempotencyField value={idempotencyKey} />
          <FormError error={failure?.formError} />
          <FormField label={t('channels.name')} hint={t('channels.nameHint', { count: CHANNEL_NAME_MAX_CHARS })} errors={errors('name')}>
            {(control) => <Input {...control} name="name" required maxLength={CHANNEL_NAME_MAX_CHARS} defaultValue={values?.name} autoComplete="off" />}
          </FormField>
          <FormField label={t('channels.topic')} hint={t('channels.topicHint', { count: CHANNEL_TOPIC_MAX_CHARS })} errors={errors('topic')}>
            {(control) => <Textarea {...control} name="topic" rows={2} maxLength={CHANNEL_TOPIC_MAX_CHARS} defaultValue={values?.topic} />}
          </FormField>
          <fieldset className="flex flex-col gap-2" aria-describedby={errors('visibility') ? 'new-channel-visibility-error' : undefined}>
            <legend className="text-sm font-medium">{t('channels.visibility')}</legend>
            {(['public', 'private'] as const).map((visibility) => (
              <label key={visibility} className="flex items-start gap-2 text-sm">
                <input type="radio" name="visibility" value={visibility} defaultChecked={(values?.visibility ?? 'public') === visibility} className="mt-1" />
                <span>
                  <span className="font-medium">{t(`visibility.${visibility}`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`visibility.${visibility}Hint`)}</span>
                </span>
              </label>
            ))}
            {errors('visibility') ? (
              <p id="new-channel-visibility-error" role="alert" className="text-xs text-destructive">
                {errors('visibility')?.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t('channels.initialMembers')}</legend>
            {others.length === 0 ? (
              <p className="text-xs text-muted-foreground">{t('channels.noColleagues')}</p>
            ) : (
              <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
                {others.map((member) => (
                  <li key={member.userId}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="memberIds" value={member.userId} defaultChecked={values?.memberIds.includes(member.userId)} />
                      {member.name}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors('memberIds') ? (
              <p role="alert" className="text-xs text-destructive">
                {errors('memberIds')?.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('message.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? t('channels.creating') : t('channels.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
