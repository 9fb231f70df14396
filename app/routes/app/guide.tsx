import { companiesContext } from '../../modules/companies/index'
import { dismissGuide, reopenGuide, requireActor } from '../../modules/companies/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../platform/forms.server'
import { GuidePage } from '../../workflows/guide/components/guide-page'
import { GuideIntentInput } from '../../workflows/guide/guide.inputs'
import { loadGuide } from '../../workflows/guide/guide.server'
import { pageData } from '../page-data.server'
import type { Route } from './+types/guide'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const active = context.get(companiesContext)?.active
  const guide = await withRouteErrors(() => loadGuide(ctx, active?.guide ?? 'open'))
  return {
    ...pageData(ctx.locale, 'guide', 'metaTitle'),
    guide,
    company: active?.name ?? '',
    created: new URL(request.url).searchParams.get('created') === '1',
    // The sidebar shows this fresh figure here rather than the root's cached one.
    guideProgress: guide.state === 'open' ? { done: guide.done, total: guide.total } : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const parsed = parseForm(GuideIntentInput, await request.formData())
  if (!parsed.ok) return failure(parsed, 400)
  try {
    await (parsed.data.intent === 'dismiss' ? dismissGuide(ctx) : reopenGuide(ctx))
    return { ok: true as const, intent: parsed.data.intent }
  } catch (error) {
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Guide({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : undefined
  return <GuidePage guide={loaderData.guide} company={loaderData.company} created={loaderData.created} failure={failed} />
}
