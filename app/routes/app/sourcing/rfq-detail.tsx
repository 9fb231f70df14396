import { limitStatus } from '../../../modules/billing/index.server'
import { requireActor } from '../../../modules/companies/index.server'
import { PartyConversations } from '../../../modules/messaging/index'
import { RfqDetailView } from '../../../modules/sourcing/index'
import { getRfq } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { partyThreads } from '../inbox/party-threads.server'
import { useRootData } from '../../route-helpers'
import { rfqPageAction } from './rfq-page-action.server'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/rfq-detail'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const rfq = await withRouteErrors(() => getRfq(ctx, params.id))
  // A draft's sending counts against the plan: warn before the action when the month's RFQs are nearly used up.
  const planLimit = rfq.status === 'draft' ? await limitStatus(ctx, 'rfqs_per_month') : null
  const done = new URL(request.url).searchParams.get('done')
  const saved = new URL(request.url).searchParams.get('saved') === '1'
  const page = pageData(ctx.locale, 'rfqs', 'detail.metaTitle', PAGE_MESSAGES.rfqDetail)
  const supplierThreads = await partyThreads(
    ctx,
    rfq.invitees.map((invitee) => ({
      id: invitee.supplierCompanyId,
      name: invitee.name,
      target: { kind: 'rfq', rfqId: rfq.id, supplierCompanyId: invitee.supplierCompanyId },
    })),
  )
  return {
    ...page,
    supplierThreads,
    title: `${rfq.number} · ${rfq.title}`,
    rfq,
    planLimit,
    notice: saved ? 'detail.saved' : done && /^[a-z]+$/.test(done) ? `detail.done.${done}` : null,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  return rfqPageAction(request, ctx, params.id, `/app/sourcing/rfq/${params.id}`)
}

export default function RfqDetailPage({ loaderData: data, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => (change.entity === 'rfq' ? change.id === data.rfq.id : change.entity === 'quotation' && change.rfqId === data.rfq.id))
  const { locale } = useRootData()
  const { t } = useTranslation('chat')
  const failed = actionData && !actionData.ok ? actionData : undefined
  return (
    <div className="flex flex-col gap-6">
      <RfqDetailView
        locale={locale}
        rfq={data.rfq}
        editPath={`/app/sourcing/rfq?edit=${data.rfq.id}`}
        backPath="/app/sourcing/rfq"
        comparePath={`/app/sourcing/quotations?rfq=${data.rfq.id}`}
        notice={failed ? null : data.notice}
        fieldErrors={failed?.fieldErrors}
        formError={failed && 'formError' in failed ? failed.formError : undefined}
        planLimit={data.planLimit}
      />
      <PartyConversations locale={locale} titleId="rfq-conversations-title" title={t('entry.supplierConversations')} threads={data.supplierThreads} />
    </div>
  )
}
