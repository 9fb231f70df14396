import { redirect } from 'react-router'
import { listMembers, requireActor } from '../../../modules/companies/index.server'
import { ChannelPanel, ConversationView } from '../../../modules/messaging/index'
import { addChannelMembers, joinChannel, leaveChannel, removeChannelMember, updateChannel } from '../../../modules/messaging/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { messagesFor, translator } from '../../../platform/i18n/translate.server'
import { useRootData } from '../../route-helpers'
import { loadConversation, messageAction, seqParam, tagFailure, unknownIntent } from '../inbox/conversation.server'
import { isMessageIntent, revalidateUnlessMessageIntent } from '../inbox/message-intents'
import type { Route } from './+types/channel'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const loaded = await loadConversation(ctx, params.id, seqParam(url.searchParams.get('at')))
  // Threads live in the inbox; this page is for channels only.
  if (loaded.conversation.kind !== 'channel')
    throw redirect(`${localizePath(ctx.locale, `/app/inbox/${encodeURIComponent(loaded.conversation.id)}`)}${url.search}`)
  const members = loaded.conversation.canManage ? await withRouteErrors(() => listMembers(ctx)) : []
  return {
    ...loaded,
    title: translator(ctx.locale, 'chat')('channels.channelMetaTitle', { name: loaded.conversation.title }),
    viewerId: ctx.actor.userId,
    companyMembers: members.map((member) => ({ userId: member.userId, name: member.name })),
    i18n: messagesFor(ctx.locale, 'chat', 'messaging'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export const shouldRevalidate = revalidateUnlessMessageIntent

const CHANNEL_INTENTS = ['update', 'archive', 'unarchive', 'addMembers', 'removeMember', 'join', 'leave'] as const
type ChannelIntent = (typeof CHANNEL_INTENTS)[number]
const isChannelIntent = (value: string): value is ChannelIntent => (CHANNEL_INTENTS as readonly string[]).includes(value)

/** The channel panel's changes; the services check that the caller manages the channel. */
async function channelAction(ctx: ServiceContext, id: string, intent: ChannelIntent, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  try {
    switch (intent) {
      case 'update': {
        const visibility = text('visibility')
        if (visibility !== 'public' && visibility !== 'private')
          return tagFailure(failure({ ok: false, fieldErrors: { visibility: ['validation.visibility'] } }), { intent })
        await updateChannel(ctx, id, { name: text('name'), topic: text('topic'), visibility })
        break
      }
      case 'archive':
      case 'unarchive':
        await updateChannel(ctx, id, { archived: intent === 'archive' })
        break
      case 'addMembers': {
        const userIds = form.getAll('userIds').filter((value): value is string => typeof value === 'string' && value.length > 0)
        if (userIds.length === 0) return tagFailure(failure({ ok: false, fieldErrors: { userIds: ['validation.members'] } }), { intent })
        await addChannelMembers(ctx, id, userIds)
        break
      }
      case 'removeMember': {
        const userId = text('userId').trim()
        if (!userId || userId.length > 64) return tagFailure(failure({ ok: false, fieldErrors: { userId: ['validation.members'] } }), { intent })
        await removeChannelMember(ctx, id, userId)
        break
      }
      case 'join':
        await joinChannel(ctx, id)
        break
      case 'leave':
        await leaveChannel(ctx, id)
        return redirect(localizePath(ctx.locale, '/app/channels'))
    }
    return { ok: true as const, intent, done: intent }
  } catch (error) {
    return tagFailure(failureFromError(error), { intent })
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (isMessageIntent(intent)) return messageAction(ctx, params.id, intent, form)
  if (isChannelIntent(intent)) return channelAction(ctx, params.id, intent, form)
  return unknownIntent()
}

/** Only the panel's own answers (they carry their intent) are shown in the panel. */
function panelResult(actionData: Route.ComponentProps['actionData']) {
  if (!actionData || !('intent' in actionData) || !isChannelIntent(actionData.intent)) return {}
  if (actionData.ok) return { done: 'done' in actionData ? actionData.done : undefined }
  return { fieldErrors: actionData.fieldErrors, formError: 'formError' in actionData ? actionData.formError : undefined }
}

export default function ChannelPage({ loaderData: loaded, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('chat')
  const { locale } = useRootData()
  const result = panelResult(actionData)
  const doneNotice = {
    update: t('panel.done.update'),
    archive: t('panel.done.archive'),
    unarchive: t('panel.done.unarchive'),
    addMembers: t('panel.done.addMembers'),
    removeMember: t('panel.done.removeMember'),
    join: t('panel.done.join'),
  } satisfies Record<NonNullable<typeof result.done>, string>
  return (
    <ConversationView
      key={loaded.conversation.id}
      locale={locale}
      conversation={loaded.conversation}
      initialMessages={loaded.messages}
      initialHasMore={loaded.hasMore}
      focusSeq={loaded.focusSeq}
      viewerId={loaded.viewerId}
      actionPath={`/app/channels/${loaded.conversation.id}`}
      historyPath={`/app/inbox/${loaded.conversation.id}/messages`}
      backPath="/app/channels"
      aside={
        <ChannelPanel
          channel={loaded.conversation}
          viewerId={loaded.viewerId}
          companyMembers={loaded.companyMembers}
          fieldErrors={result.fieldErrors}
          formError={result.formError}
          notice={result.done ? doneNotice[result.done] : null}
        />
      }
    />
  )
}
