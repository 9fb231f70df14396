import { requireActor } from '../../../modules/companies/index.server'
import { RfqDetailView } from '../../../modules/sourcing/index'
import { getRfq } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { rfqPageAction } from './rfq-page-action.server'
import type { Route } from './+types/rfq-detail'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const rfq = await withRouteErrors(() => getRfq(ctx, params.id))
  const done = new URL(request.url).searchParams.get('done')
  const saved = new URL(request.url).searchParams.get('saved') === '1'
  return { ...pageData(ctx.locale, 'rfqs', 'detail.metaTitle'), title: `${rfq.number} · ${rfq.title}`, rfq, notice: saved ? 'detail.saved' : done && /^[a-z]+$/.test(done) ? `detail.done.${done}` : null }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  return rfqPageAction(request, ctx, params.id, `/app/sourcing/rfq/${params.id}`)
}

export default function RfqDetailPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { locale } = useRootData()
  const failed = actionData && !actionData.ok ? actionData : undefined
  return (
    <RfqDetailView
      locale={locale}
      rfq={data.rfq}
      editPath={`/app/sourcing/rfq?edit=${data.rfq.id}`}
      backPath="/app/sourcing/rfq"
      comparePath={`/app/sourcing/quotations?rfq=${data.rfq.id}`}
      notice={failed ? null : data.notice}
      fieldErrors={failed?.fieldErrors}
      formError={failed && 'formError' in failed ? failed.formError : undefined}
    />
  )
}
