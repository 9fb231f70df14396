import { lenientQuery } from '../../../modules/catalog/index'
import { requireActor } from '../../../modules/companies/index.server'
import { AddShortlistInput, isTruthyFlag, SupplierFinder, SupplierFinderQuery } from '../../../modules/sourcing/index'
import { addToShortlist, findSuppliers, requirementChoices, shortlistMembership, shortlistProjects } from '../../../modules/sourcing/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/find'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const query = lenientQuery(SupplierFinderQuery, search)
  const [page, projects, requirements] = await withRouteErrors(() => Promise.all([findSuppliers(ctx, query), shortlistProjects(ctx), requirementChoices(ctx)]))
  const openProjects = projects.filter((project) => project.editable)
  const projectId = openProjects.some((project) => project.id === search.project) ? search.project! : (openProjects[0]?.id ?? '')
  const shortlisted = await shortlistMembership(
    ctx,
    projectId || null,
    page.items.map((item) => item.id),
  )
  return {
    ...pageData(ctx.locale, 'sourcing', 'find.metaTitle', PAGE_MESSAGES.findSuppliers),
    filters: {
      q: query.q ?? '',
      country: query.country ?? '',
      verified: isTruthyFlag(query.verified),
      requirement: query.requirement ?? '',
      project: projectId,
    },
    rows: page.items.map((item) => ({ ...item, shortlisted: shortlisted.has(item.id) })),
    total: page.total,
    offset: page.offset,
    limit: page.limit,
    requirement: page.requirement,
    projects: openProjects.map((project) => ({ id: project.id, label: `${project.number} · ${project.name}` })),
    requirements: requirements.map((requirement) => ({ id: requirement.id, label: `${requirement.title} (${requirement.projectNumber})` })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const projectId = String(form.get('projectId') ?? '')
  const parsed = AddShortlistInput.safeParse({ supplierCompanyId: form.get('supplierId'), note: '' })
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
  try {
    const entry = await addToShortlist(ctx, projectId, parsed.data)
    return { ok: true as const, name: entry.name }
  } catch (error) {
    return failureFromError(error)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function FindSuppliersPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { locale } = useRootData()
  const { t } = useTranslation('sourcing')
  const result = actionData
    ? actionData.ok
      ? { ok: true, name: actionData.name }
      : {
          ok: false,
          message:
            actionData.formError?.message ??
            Object.values(actionData.fieldErrors)
              .flat()
              .map((key) => t(key))
              .join(' '),
        }
    : undefined
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('find.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('find.description')}</p>
      </div>
      <SupplierFinder
        locale={locale}
        filters={data.filters}
        rows={data.rows}
        total={data.total}
        offset={data.offset}
        limit={data.limit}
        requirement={data.requirement}
        requirements={data.requirements}
        projects={data.projects}
        result={result}
      />
    </div>
  )
}
