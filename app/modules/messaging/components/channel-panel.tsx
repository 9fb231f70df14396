import { Archive, ArchiveRestore, LogOut, UserMinus, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useTranslation } from '../../../platform/i18n/react'
import { CHANNEL_NAME_MAX_CHARS, CHANNEL_TOPIC_MAX_CHARS } from '../messaging.constants'
import type { ConversationDetail } from '../messaging.types'
import type { CompanyMemberChoice } from './new-channel-dialog'

type ChannelPanelProps = {
  channel: ConversationDetail
  viewerId: string
  /** The company's members, for the "add people" picker (managers only). */
  companyMembers: CompanyMemberChoice[]
  fieldErrors?: Record<string, string[]>
  formError?: FormErrorData
  /** A short confirmation of the last change, announced politely. */
  notice?: string | null
}

/**
 * The channel's side panel: topic and name (managers edit), visibility, members with add/remove (managers),
 * archive/unarchive (managers) and leave. Every change posts an `intent` to the channel page's action.
 */
export function ChannelPanel({ channel, viewerId, companyMembers, fieldErrors, formError, notice }: ChannelPanelProps) {
  const { t } = useTranslation('chat')
  const { t: tField } = useTranslation('messaging')
  const navigation = useNavigation()
  const [editing, setEditing] = useState(false)
  const busy = navigation.state === 'submitting'
  const errors = (name: string) => fieldErrors?.[name]?.map((key) => tField(key, { defaultValue: t('channels.invalidField') }))
  const memberIds = new Set(channel.participants.map((person) => person.userId))
  const addable = companyMembers.filter((member) => !memberIds.has(member.userId))
  const isMember = channel.participants.some((person) => person.userId === viewerId)

  return (
    <div className="flex flex-col gap-4">
      <FormError error={formError} />
      {notice ? (
        <p role="status" className="text-sm text-muted-foreground">
          {notice}
        </p>
      ) : null}

      <Card aria-labelledby="channel-about-title" className="flex flex-col gap-3">
        <CardTitle id="channel-about-title">{t('panel.about')}</CardTitle>
        {editing && channel.canManage ? (
          <Form method="post" className="flex flex-col gap-3" onSubmit={() => setEditing(false)}>
            <input type="hidden" name="intent" value="update" />
            <FormField label={t('channels.name')} errors={errors('name')}>
              {(control) => <Input {...control} name="name" required maxLength={CHANNEL_NAME_MAX_CHARS} defaultValue={channel.title} />}
            </FormField>
            <FormField label={t('channels.topic')} errors={errors('topic')}>
              {(control) => <Textarea {...control} name="topic" rows={3} maxLength={CHANNEL_TOPIC_MAX_CHARS} defaultValue={channel.topic} />}
            </FormField>
            <FormField label={t('channels.visibility')} errors={errors('visibility')}>
              {(control) => (
                <select
                  {...control}
                  name="visibility"
                  defaultValue={channel.visibility}
                  className="h-9 rounded-md border border-border bg-background px-2 text-sm"
                >
                  <option value="public">{t('visibility.public')}</option>
                  <option value="private">{t('visibility.private')}</option>
                </select>
              )}
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={busy}>
                {t('message.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                {t('message.cancel')}
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">{t('channels.topic')}</dt>
                <dd className="whitespace-pre-line">{channel.topic || t('panel.noTopic')}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('channels.visibility')}</dt>
                <dd>
                  <Badge variant="outline">{t(`visibility.${channel.visibility}`)}</Badge>
                </dd>
              </div>
            </dl>
            {channel.canManage ? (
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                {t('panel.edit')}
              </Button>
            ) : null}
          </>
        )}
      </Card>

      <Card aria-labelledby="channel-members-title" className="flex flex-col gap-3">
        <CardTitle id="channel-members-title">{t('panel.members', { count: channel.participants.length })}</CardTitle>
        <ul className="flex flex-col gap-1">
          {channel.participants.map((person) => (
            <li key={person.userId} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {person.userId === viewerId ? t('panel.youName', { name: person.name }) : person.name}
                {person.role === 'owner' ? (
                  <Badge variant="secondary" className="ms-2">
                    {t('panel.owner')}
                  </Badge>
                ) : null}
              </span>
              {channel.canManage && person.userId !== viewerId ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="removeMember" />
                  <input type="hidden" name="userId" value={person.userId} />
                  <Button type="submit" size="sm" variant="ghost" aria-label={t('panel.removeLabel', { name: person.name })} disabled={busy}>
                    <UserMinus aria-hidden="true" className="size-4" />
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {channel.canManage && !channel.archived ? (
          addable.length === 0 ? (
            <p className="text-xs text-muted-foreground">{t('panel.everyoneIsMember')}</p>
          ) : (
            <Form method="post" className="flex flex-col gap-2">
              <input type="hidden" name="intent" value="addMembers" />
              <FormField label={t('panel.addPeople')} hint={t('panel.addHint')} errors={errors('userIds')}>
                {(control) => (
                  <select
                    {...control}
                    name="userIds"
                    multiple
                    size={Math.min(6, addable.length)}
                    className="rounded-md border border-border bg-background p-1 text-sm"
                  >
                    {addable.map((member) => (
                      <option key={member.userId} value={member.userId}>
                        {member.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                <UserPlus aria-hidden="true" className="size-4" />
                {t('panel.add')}
              </Button>
            </Form>
          )
        ) : null}
      </Card>

      <div className="flex flex-wrap gap-2">
        {channel.canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value={channel.archived ? 'unarchive' : 'archive'} />
            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
              {channel.archived ? <ArchiveRestore aria-hidden="true" className="size-4" /> : <Archive aria-hidden="true" className="size-4" />}
              {channel.archived ? t('panel.unarchive') : t('panel.archive')}
            </Button>
          </Form>
        ) : null}
        {isMember ? (
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" size="sm" variant="ghost" disabled={busy}>
              <LogOut aria-hidden="true" className="size-4" />
              {t('panel.leave')}
            </Button>
          </Form>
        ) : channel.visibility === 'public' && !channel.archived ? (
          <Form method="post">
            <input type="hidden" name="intent" value="join" />
            <Button type="submit" size="sm" disabled={busy}>
              {t('channels.join')}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  )
}
