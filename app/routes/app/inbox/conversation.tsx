import { redirect } from 'react-router'
import { getPublicProduct } from '../../../modules/catalog/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { ConversationView } from '../../../modules/messaging/index'
import type { ServiceContext } from '../../../platform/actor'
import { env } from '../../../platform/env.server'
import { localizePath } from '../../../platform/i18n/locales'
import { messagesFor, translator } from '../../../platform/i18n/translate.server'
import { absoluteUrl } from '../../../platform/seo'
import { useRootData } from '../../route-helpers'
import { loadConversation, messageAction, seqParam, unknownIntent } from './conversation.server'
import { isMessageIntent, revalidateUnlessMessageIntent } from './message-intents'
import type { Route } from './+types/conversation'

/**
 * The message a product page's "Message supplier" starts with: the product's name and public address, so the thread
 * carries the product. Only for a product of the company on the other side of this thread.
 */
async function productDraft(ctx: ServiceContext, productId: string | null, counterpartId: string | undefined): Promise<string> {
  if (!productId || !counterpartId) return ''
  const product = await getPublicProduct(productId, ctx.locale)
  if (!product || product.supplier.id !== counterpartId) return ''
  const url = absoluteUrl(env().PUBLIC_URL, ctx.locale, `/b2b/product/${product.id}`)
  return translator(ctx.locale, 'chat')('composer.aboutProduct', { name: product.name, sku: product.sku, url })
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const loaded = await loadConversation(ctx, params.id, seqParam(url.searchParams.get('at')))
  // A channel has its own page with the member panel.
  if (loaded.conversation.kind === 'channel')
    throw redirect(`${localizePath(ctx.locale, `/app/channels/${encodeURIComponent(loaded.conversation.id)}`)}${url.search}`)
  const draft = await productDraft(ctx, url.searchParams.get('product'), loaded.conversation.counterpart?.id)
  return { ...loaded, draft, title: loaded.conversation.title, viewerId: ctx.actor.userId, i18n: messagesFor(ctx.locale, 'chat', 'messaging') }
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
      initialDraft={data.draft}
      viewerId={data.viewerId}
      actionPath={`/app/inbox/${data.conversation.id}`}
      historyPath={`/app/inbox/${data.conversation.id}/messages`}
      backPath="/app/inbox"
    />
  )
}
