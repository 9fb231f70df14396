import { redirect } from 'react-router'
import { requireActor } from '../../../modules/companies/index.server'
import { ConversationView } from '../../../modules/messaging/index'
import { localizePath } from '../../../platform/i18n/locales'
import { messagesFor } from '../../../platform/i18n/translate.server'
import { useRootData } from '../../route-helpers'
import { loadConversation, messageAction, seqParam, unknownIntent } from './conversation.server'
import { isMessageIntent, revalidateUnlessMessageIntent } from './message-intents'
import type { Route } from './+types/conversation'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const loaded = await loadConversation(ctx, params.id, seqParam(url.searchParams.get('at')))
  // A channel has its own page with the member panel.
  if (loaded.conversation.kind === 'channel') throw redirect(`${localizePath(ctx.locale, `/app/channels/${encodeURIComponent(loaded.conversation.id)}`)}${url.search}`)
  return { ...loaded, title: loaded.conversation.title, viewerId: ctx.actor.userId, i18n: messagesFor(ctx.locale, 'chat', 'messaging') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export const shouldRevalidate = revalidateUnlessMessageIntent

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  return isMessageIntent(intent) ? messageAction(ctx, params.id, intent, form) : unknownIntent()
}

export default function ConversationPage({ loaderData: data }: Route.ComponentProps) {
  const { locale } = useRootData()
  return (
    <ConversationView
      key={data.conversation.id}
      locale={locale}
      conversation={data.conversation}
      initialMessages={data.messages}
      initialHasMore={data.hasMore}
      focusSeq={data.focusSeq}
      viewerId={data.viewerId}
      actionPath={`/app/inbox/${data.conversation.id}`}
      historyPath={`/app/inbox/${data.conversation.id}/messages`}
      backPath="/app/inbox"
    />
  )
}
