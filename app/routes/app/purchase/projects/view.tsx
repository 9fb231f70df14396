import type { ShouldRevalidateFunction } from 'react-router'
import { requireActor } from '../../../../modules/companies/index.server'
import { PROJECT_SAVES, ProjectDetail, ProjectTransitionInput } from '../../../../modules/sourcing/index'
import { projectBudget, projectSummary, transitionProject } from '../../../../modules/sourcing/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../../platform/forms.server'
import { useLiveRevalidate } from '../../../../platform/realtime/hooks'
import { fieldErrorsOf } from '../../../../platform/validation'
import { pageData } from '../../../page-data.server'
import { useRootData } from '../../../route-helpers'
import type { RouteHandle } from '../../../../platform/ui/route-handle'
import type { Route } from './+types/view'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [summary, budget] = await withRouteErrors(() => Promise.all([projectSummary(ctx, params.id), projectBudget(ctx, params.id)]))
  const saved = PROJECT_SAVES.find((value) => value === new URL(request.url).searchParams.get('saved')) ?? null
  return { ...pageData(ctx.locale, 'projects', 'detail.metaTitle'), summary, budget, saved }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = formToObject(await request.formData())
  if (form.intent !== 'transition') return failure({ ok: false, fieldErrors: {} }, 400)
  const parsed = ProjectTransitionInput.safeParse(form)
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422)
  try {
    await transitionProject(ctx, params.id, parsed.data)
    return { ok: true as const, done: parsed.data.action }
  } catch (error) {
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.summary.project.number} · ${loaderData.title}` : undefined }]

// A refused step (409: the project moved on) must show the project as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

export default function ProjectViewPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) =>
    change.entity === 'project'
      ? change.id === loaderData.summary.project.id
      : change.entity === 'rfq' || change.entity === 'quotation' || change.entity === 'purchase_order',
  )
  const { locale } = useRootData()
  return <ProjectDetail summary={loaderData.summary} budget={loaderData.budget} locale={locale} result={actionData} saved={loaderData.saved} />
}
