import { Form, Link, useNavigation } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { requireActor } from '../../../modules/companies/index.server'
import { ShortlistNoteInput, ShortlistTable, SupplierSelector } from '../../../modules/sourcing/index'
import { addManyToShortlist, getShortlist, removeFromShortlist, setShortlistNote, shortlistProjects } from '../../../modules/sourcing/index.server'
import { failure, failureFromError, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/selected'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const projects = await withRouteErrors(() => shortlistProjects(ctx))
  const wanted = new URL(request.url).searchParams.get('project')
  const projectId = projects.some((project) => project.id === wanted) ? wanted! : (projects[0]?.id ?? null)
  const shortlist = projectId ? await withRouteErrors(() => getShortlist(ctx, projectId)) : null
  return {
    ...pageData(ctx.locale, 'sourcing', 'selected.metaTitle'),
    projects: projects.map((project) => ({ id: project.id, label: `${project.number} · ${project.name}`, status: project.status })),
    project: shortlist?.project ?? null,
    rows: (shortlist?.entries ?? []).map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const projectId = new URL(request.url).searchParams.get('project') ?? String(form.get('projectId') ?? '')
  const supplierId = String(form.get('supplierId') ?? '')
  try {
    if (intent === 'add') {
      const ids = form.getAll('supplierIds').map(String).filter(Boolean)
      if (ids.length === 0) return failure({ ok: false, fieldErrors: { supplierIds: ['validation.chooseSupplier'] } }, 422, { intent })
      const added = await addManyToShortlist(ctx, projectId, ids)
      return { ok: true as const, intent: 'add' as const, count: added.length }
    }
    if (intent === 'note') {
      const parsed = ShortlistNoteInput.safeParse({ note: form.get('note') })
      if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { intent, supplierId })
      await setShortlistNote(ctx, projectId, supplierId, parsed.data)
      return { ok: true as const, intent: 'note' as const, count: 1 }
    }
    if (intent === 'remove') {
      await removeFromShortlist(ctx, projectId, supplierId)
      return { ok: true as const, intent: 'remove' as const, count: 1 }
    }
    return failure({ ok: false, fieldErrors: {} }, 400)
  } catch (error) {
    return failureFromError(error, { intent, supplierId })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SelectedSuppliersPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('sourcing')
  const { locale } = useRootData()
  const navigation = useNavigation()
  const failed = actionData && !actionData.ok ? actionData : null
  const done = actionData?.ok ? actionData : null
  const doneNotice = {
    add: t('selected.done.add', { count: String(done?.count ?? 0) }),
    note: t('selected.done.note'),
    remove: t('selected.done.remove'),
  } satisfies Record<NonNullable<typeof done>['intent'], string>
  const failedIntent = failed && 'intent' in failed ? String(failed.intent) : ''
  const fieldMessages = (name: string) => (failed?.fieldErrors[name] ?? []).map((key) => t(key))
  const noteErrors =
    failedIntent === 'note' && failed && 'supplierId' in failed ? { supplierId: String(failed.supplierId), errors: fieldMessages('note') } : undefined
  const project = data.project
  return (
    <AppPage
      title={t('selected.title')}
      description={t('selected.description')}
      actions={
        <>
          <Link to={localizePath(locale, project ? `/app/sourcing/find?project=${project.id}` : '/app/sourcing/find')} className={buttonClasses('secondary')}>
            {t('selected.findMore')}
          </Link>
          {project && data.rows.length > 0 ? (
            <Link to={localizePath(locale, `/app/sourcing/rfq?project=${project.id}`)} className={buttonClasses('primary')}>
              {t('selected.createRfq')}
            </Link>
          ) : null}
        </>
      }
    >
      {data.projects.length === 0 ? (
        <EmptyState
          title={t('selected.noProjects')}
          description={t('selected.noProjectsDescription')}
          action={
            <Link to={localizePath(locale, '/app/purchase/projects/create')} className={buttonClasses('primary')}>
              {t('find.createProject')}
            </Link>
          }
        />
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t('selected.chooseProject')}>
            <FormField label={t('selected.project')} className="min-w-72">
              {(control) => (
                <NativeSelect name="project" defaultValue={project?.id ?? ''} {...control}>
                  {data.projects.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" variant="secondary">
              {t('selected.show')}
            </Button>
          </Form>

          {done ? <Alert tone="success">{doneNotice[done.intent]}</Alert> : null}
          {failed?.formError ? <Alert tone="error">{failed.formError.message}</Alert> : null}

          {project ? (
            <section aria-labelledby="shortlist-title" className="flex flex-col gap-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="shortlist-title" className="text-lg font-medium">
                  {t('selected.listTitle', { project: `${project.number} · ${project.name}` })}
                </h2>
                <Link to={localizePath(locale, `/app/purchase/projects/view/${project.id}`)} className="text-sm underline underline-offset-4">
                  {t('selected.openProject')}
                </Link>
              </div>
              {!project.editable ? <Alert tone="info">{t('selected.finished')}</Alert> : null}
              {project.editable ? (
                <Form
                  method="post"
                  action={`?project=${project.id}`}
                  className="flex flex-col gap-2 rounded-md border border-border p-4"
                  key={`add-${data.rows.length}`}
                >
                  <input type="hidden" name="intent" value="add" />
                  <SupplierSelector
                    name="supplierIds"
                    label={t('selected.addLabel')}
                    hint={t('selected.addHint')}
                    errors={failedIntent === 'add' ? fieldMessages('supplierIds') : undefined}
                    excludeIds={data.rows.map((row) => row.supplierId)}
                  />
                  <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
                    {t('selected.add')}
                  </Button>
                </Form>
              ) : null}
              <ShortlistTable rows={data.rows} editable={project.editable} noteErrors={noteErrors} action={`?project=${project.id}`} />
            </section>
          ) : null}
        </>
      )}
    </AppPage>
  )
}
