import { clientSessionContext } from '../../modules/identity/index'
import { companiesContext } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { withRouteErrors } from '../../platform/forms.server'
import { GuidePage } from '../../workflows/guide/components/guide-page'
import { loadGuide } from '../../workflows/guide/guide.server'
import { pageData } from '../page-data.server'
import type { Route } from './+types/guide'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const session = context.get(clientSessionContext)
  const companies = context.get(companiesContext)
  const guide = await withRouteErrors(() =>
    loadGuide(ctx, {
      contactVerified: ctx.actor.contactVerified,
      twoFactor: Boolean(session?.user.twoFactorEnabled),
      companyName: companies?.active?.name ?? '',
    }),
  )
  return { ...pageData(ctx.locale, 'guide', 'metaTitle'), guide, created: new URL(request.url).searchParams.get('created') === '1' }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Guide({ loaderData }: Route.ComponentProps) {
  return <GuidePage guide={loaderData.guide} created={loaderData.created} />
}
