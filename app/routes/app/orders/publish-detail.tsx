import { requireActor } from '../../../modules/companies/index.server'
import { RfqDetailView } from '../../../modules/sourcing/index'
import { getRfq } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { rfqPageAction } from '../sourcing/rfq-page-action.server'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/publish-detail'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const rfq = await withRouteErrors(() => getRfq(ctx, params.id))
  const url = new URL(request.url)
  const done = url.searchParams.get('done')
  return {
    ...pageData(ctx.locale, 'rfqs', 'publish.formMetaTitle'),
    title: `${rfq.number} · ${rfq.title}`,
    rfq,
    notice: url.searchParams.get('saved') === '1' ? 'detail.saved' : done && /^[a-z]+$/.test(done) ? `detail.done.${done}` : null,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  return rfqPageAction(request, ctx, params.id, `/app/orders/publish/${params.id}`)
}

/** One of my buying requests with its replies (the quotations: counts only while sealed). */
export default function PublishDetailPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : undefined
  return (
    <RfqDetailView
      locale={locale}
      rfq={data.rfq}
      editPath={`/app/orders/edit-publish?id=${data.rfq.id}`}
      backPath="/app/orders/publish"
      comparePath={`/app/sourcing/quotations?rfq=${data.rfq.id}`}
      notice={failed ? null : data.notice}
      fieldErrors={failed?.fieldErrors}
      formError={failed && 'formError' in failed ? failed.formError : undefined}
    />
  )
}
