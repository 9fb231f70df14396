import { randomUUID } from 'node:crypto'
import { Building2, ConciergeBell, Plus } from 'lucide-react'
import { Form, Link, redirect } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { requireActor } from '../../../modules/companies/index.server'
import {
  EMPTY_OFFERING_FORM,
  MAX_SERVICE_OFFERINGS,
  mayOfferServices,
  type OfferingFormValues,
  ORDERABLE_SERVICES,
  ServiceOfferingForm,
  ServiceOfferingInput,
  ServiceOfferingList,
  ServiceOfferingListQuery,
  UpdateServiceOfferingInput,
} from '../../../modules/orders/index'
import {
  createServiceOffering,
  deleteServiceOffering,
  getServiceOffering,
  listServiceOfferings,
  type ServiceOffering,
  updateServiceOffering,
} from '../../../modules/orders/index.server'
import { isAppError } from '../../../platform/errors'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/service'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const PATH = '/app/supplier/service'
const DONE = ['created', 'updated', 'deleted'] as const
type Done = (typeof DONE)[number]

/** An offering as the form shows it. */
const formValuesOf = (offering: ServiceOffering): OfferingFormValues => ({
  serviceType: offering.serviceType,
  title: offering.title,
  description: offering.description,
  worldwide: offering.worldwide,
  countries: offering.countries,
  price: offering.price ?? '',
  currency: offering.currency ?? '',
  priceBasis: offering.priceBasis ?? '',
  leadTimeDays: String(offering.leadTimeDays),
  version: String(offering.version),
})

/** What a refused post sent, to show it again as typed. */
function sentFormValues(values: Record<string, unknown>): OfferingFormValues {
  const text = (key: keyof OfferingFormValues) => (typeof values[key] === 'string' ? values[key] : '')
  return {
    serviceType: text('serviceType'),
    title: text('title'),
    description: text('description'),
    worldwide: values.worldwide === true,
    countries: text('countries')
      .split(/[\s,]+/)
      .filter(Boolean),
    price: text('price'),
    currency: text('currency'),
    priceBasis: text('priceBasis'),
    leadTimeDays: text('leadTimeDays'),
    version: text('version'),
  }
}

/** The offering `?edit=` names, or null when there is none (or it was deleted meanwhile: the page shows the new form). */
async function offeringToEdit(ctx: Parameters<typeof getServiceOffering>[0], id: string | null): Promise<ServiceOffering | null> {
  if (!id) return null
  try {
    return await getServiceOffering(ctx, id)
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null
    throw error
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const page = pageData(ctx.locale, 'offerings', 'meta.title', PAGE_MESSAGES.serviceOfferings)
  // A person without a company, or a company that only buys, is told the way to offering services instead.
  if (!ctx.actor.companyId) return { ...page, state: 'noCompany' as const }
  if (!mayOfferServices(ctx.actor.companyKind)) return { ...page, state: 'notProvider' as const }
  const url = new URL(request.url)
  const parsed = ServiceOfferingListQuery.safeParse({ type: url.searchParams.get('type') ?? undefined, offset: url.searchParams.get('offset') ?? undefined })
  const query = parsed.success ? parsed.data : ServiceOfferingListQuery.parse({})
  const [list, editing] = await withRouteErrors(() => Promise.all([listServiceOfferings(ctx, query), offeringToEdit(ctx, url.searchParams.get('edit'))]))
  const base = localizePath(ctx.locale, PATH)
  const listQuery = (extra: Record<string, string>) => {
    const search = new URLSearchParams({ ...(query.type ? { type: query.type } : {}), ...(query.offset > 0 ? { offset: String(query.offset) } : {}), ...extra })
    return search.size > 0 ? `${base}?${search}` : base
  }
  const done = DONE.find((value) => value === url.searchParams.get('done')) ?? null
  return {
    ...page,
    state: 'provider' as const,
    base,
    type: query.type ?? '',
    done,
    total: list.total,
    offset: list.offset,
    limit: list.limit,
    canManage: list.canManage,
    full: list.full,
    rows: list.items.map((offering) => ({
      ...offering,
      createdAt: offering.createdAt.toISOString(),
      updatedAt: offering.updatedAt.toISOString(),
      editHref: `${listQuery({ edit: offering.id })}#offering-form-title`,
    })),
    editing: editing && list.canManage ? { id: editing.id, title: editing.title, values: formValuesOf(editing) } : null,
    reloadHref: editing ? `${listQuery({ edit: editing.id })}#offering-form-title` : base,
    // Revalidated after each offering added, so the next one gets a key of its own.
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  const back = (done: Done) => redirect(`${localizePath(ctx.locale, PATH)}?done=${done}`)
  // What the form sent, to show it again after a refusal (as text: a failure carries flat values).
  const values = JSON.stringify(sentFormValues(formToObject(form, ['worldwide'])))
  try {
    if (intent === 'delete') {
      await deleteServiceOffering(ctx, id)
      return back('deleted')
    }
    if (intent === 'create') {
      const parsed = parseForm(ServiceOfferingInput, form, ['worldwide'])
      if (!parsed.ok) return failure(parsed, 422, { intent, id, values })
      await createServiceOffering(ctx, parsed.data, idempotencyOfForm(form))
      return back('created')
    }
    if (intent === 'update') {
      const parsed = parseForm(UpdateServiceOfferingInput, form, ['worldwide'])
      if (!parsed.ok) return failure(parsed, 422, { intent, id, values })
      await updateServiceOffering(ctx, id, parsed.data)
      return back('updated')
    }
    return failure({ ok: false, fieldErrors: {} }, 400, { intent, id, values })
  } catch (error) {
    return failureFromError(error, { intent, id, values })
  }
}

function NotOffering({ title, description, href, action, icon }: { title: string; description: string; href: string; action: string; icon: typeof Building2 }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Link to={href} className={buttonClasses('primary')}>
          {action}
        </Link>
      }
    />
  )
}

export default function SupplierServicesPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('offerings')
  const { t: tServices } = useTranslation('services')
  const { locale } = useRootData()
  const publicLink = (
    <Link to={localizePath(locale, '/service')} className={buttonClasses('secondary')}>
      {t('page.publicLink')}
    </Link>
  )
  if (data.state !== 'provider') {
    return (
      <AppPage title={t('page.title')} description={t('page.description')} actions={publicLink}>
        {data.state === 'noCompany' ? (
          <NotOffering
            icon={Building2}
            title={t('page.noCompanyTitle')}
            description={t('page.noCompanyDescription')}
            href={localizePath(locale, '/onboarding')}
            action={t('page.noCompanyAction')}
          />
        ) : (
          <NotOffering
            icon={ConciergeBell}
            title={t('page.notProviderTitle')}
            description={t('page.notProviderDescription')}
            href={localizePath(locale, '/app/supplier/onboarding')}
            action={t('page.notProviderAction')}
          />
        )}
      </AppPage>
    )
  }

  const failed = actionData && !actionData.ok ? actionData : null
  const sent = (key: 'intent' | 'id' | 'values') => (failed && key in failed ? String((failed as Record<string, unknown>)[key]) : '')
  const formFailed = sent('intent') === 'create' || sent('intent') === 'update' ? failed : null
  const editingFailed = sent('intent') === 'update' ? (data.rows.find((row) => row.id === sent('id')) ?? null) : null
  const editing = editingFailed ? { id: editingFailed.id, title: editingFailed.title } : data.editing
  const values = formFailed ? (JSON.parse(sent('values')) as OfferingFormValues) : (data.editing?.values ?? EMPTY_OFFERING_FORM)
  const showForm = data.canManage && (!data.full || editing !== null)
  const doneNotice: Record<Done, string> = { created: t('done.created'), updated: t('done.updated'), deleted: t('done.deleted') }
  const pageHref = (offset: number) => {
    const search = new URLSearchParams({ ...(data.type ? { type: data.type } : {}), ...(offset > 0 ? { offset: String(offset) } : {}) })
    return search.size > 0 ? `${data.base}?${search}` : data.base
  }

  return (
    <AppPage
      title={t('page.title')}
      description={t('page.description')}
      actions={
        <>
          {publicLink}
          {showForm && editing === null ? (
            <a href="#offering-form-title" className={buttonClasses('primary')}>
              <Plus aria-hidden="true" />
              {t('page.add')}
            </a>
          ) : null}
        </>
      }
    >
      {data.done && !failed ? <Alert tone="success">{doneNotice[data.done]}</Alert> : null}
      {failed?.formError && !formFailed ? <Alert tone="error">{failed.formError.message}</Alert> : null}
      {data.canManage ? null : <Alert tone="info">{t('page.readOnly')}</Alert>}
      {data.canManage && data.full ? <Alert tone="warning">{t('page.limitReached', { max: MAX_SERVICE_OFFERINGS })}</Alert> : null}

      {data.total > 0 || data.type ? (
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <FormField label={t('page.filterLabel')}>
            {(control) => (
              <NativeSelect {...control} name="type" defaultValue={data.type}>
                <option value="">{t('page.allTypes')}</option>
                {ORDERABLE_SERVICES.map((type) => (
                  <option key={type} value={type}>
                    {tServices(`types.${type}.name`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" variant="secondary">
            {t('page.apply')}
          </Button>
        </Form>
      ) : null}

      <section aria-labelledby="offerings-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="offerings-title" className="text-lg font-semibold">
            {t('page.listLabel')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('page.count', { count: data.total })}
          </p>
        </div>
        {data.rows.length === 0 ? (
          <EmptyState
            icon={ConciergeBell}
            title={data.type ? t('page.emptyFiltered') : t('page.empty')}
            description={data.type ? undefined : t('page.emptyHint')}
            action={
              showForm && !data.type ? (
                <a href="#offering-form-title" className={buttonClasses('primary')}>
                  {t('page.addFirst')}
                </a>
              ) : undefined
            }
          />
        ) : (
          <ServiceOfferingList rows={data.rows} locale={locale} canManage={data.canManage} label={t('page.listLabel')} />
        )}
        <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={pageHref} />
      </section>

      {showForm ? (
        <ServiceOfferingForm
          key={editing ? `edit-${editing.id}` : `create-${data.idempotencyKey}`}
          editing={editing}
          values={values}
          fieldErrors={formFailed?.fieldErrors}
          formError={formFailed?.formError}
          locale={locale}
          idempotencyKey={data.idempotencyKey}
          cancelHref={data.base}
          reloadHref={data.reloadHref}
        />
      ) : null}
    </AppPage>
  )
}
