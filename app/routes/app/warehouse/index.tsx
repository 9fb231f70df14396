import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { addressSummary } from '../../../modules/companies/index'
import { requireActor } from '../../../modules/companies/index.server'
import { inventoryPermissions, WarehouseForm, WarehouseInput, WarehouseTable, type WarehouseFormValues } from '../../../modules/inventory/index'
import {
  archiveWarehouse,
  createWarehouse,
  listWarehouses,
  restoreWarehouse,
  updateWarehouse,
  warehouseFormChoices,
} from '../../../modules/inventory/index.server'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import type { Route } from './+types/index'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const EMPTY_FORM: WarehouseFormValues = { code: '', name: '', addressId: '', managerUserId: '', notes: '', publishAvailability: false }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const editId = new URL(request.url).searchParams.get('edit')
  const [warehouses, choices] = await withRouteErrors(() => Promise.all([listWarehouses(ctx), warehouseFormChoices(ctx)]))
  const base = localizePath(ctx.locale, '/app/warehouse')
  const permissions = inventoryPermissions(ctx.actor)
  const editing = permissions.manageWarehouses ? (warehouses.find((warehouse) => warehouse.id === editId) ?? null) : null
  return {
    ...pageData(ctx.locale, 'inventory', 'warehouses.metaTitle', PAGE_MESSAGES.warehouses),
    base,
    manage: permissions.manageWarehouses,
    addressBookHref: localizePath(ctx.locale, '/app/settings/address'),
    hasAddresses: choices.addresses.length > 0,
    addresses: choices.addresses.map((address) => ({ id: address.id, summary: `${address.label} — ${addressSummary(address, ctx.locale)}` })),
    members: choices.members,
    editing: editing
      ? {
          id: editing.id,
          code: editing.code,
          values: {
            code: editing.code,
            name: editing.name,
            addressId: editing.addressId ?? '',
            managerUserId: editing.managerUserId ?? '',
            notes: editing.notes,
            publishAvailability: editing.publishAvailability,
          },
        }
      : null,
    rows: warehouses.map((warehouse) => ({
      id: warehouse.id,
      code: warehouse.code,
      name: warehouse.name,
      address: warehouse.address ? addressSummary(warehouse.address, ctx.locale) : null,
      managerName: warehouse.managerName,
      itemCount: warehouse.itemCount,
      stockValue: warehouse.stockValue,
      publishAvailability: warehouse.publishAvailability,
      archived: warehouse.archivedAt !== null,
      detailHref: localizePath(ctx.locale, `/app/warehouse/detail?id=${encodeURIComponent(warehouse.id)}`),
      editHref: `${base}?edit=${encodeURIComponent(warehouse.id)}#warehouse-form-title`,
    })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const warehouseId = String(form.get('warehouseId') ?? '')
  const values = formToObject(form)
  try {
    if (intent === 'archive' || intent === 'restore') {
      await (intent === 'archive' ? archiveWarehouse : restoreWarehouse)(ctx, warehouseId)
      return { ok: true as const, intent }
    }
    if (intent !== 'create' && intent !== 'update') return failure({ ok: false, fieldErrors: {} }, 400, { intent })
    const parsed = parseForm(WarehouseInput, form, ['publishAvailability'])
    if (!parsed.ok) return failure(parsed, 422, { intent, warehouseId, values: valuesOf(values) })
    if (intent === 'create') await createWarehouse(ctx, parsed.data)
    else await updateWarehouse(ctx, warehouseId, parsed.data)
    return { ok: true as const, intent }
  } catch (error) {
    return failureFromError(error, { intent, warehouseId, values: valuesOf(values) })
  }
}

/** What the form sent, to show it again after a refusal. */
function valuesOf(values: Record<string, unknown>): string[] {
  return ['code', 'name', 'addressId', 'managerUserId', 'notes', 'publishAvailability'].map((key) => String(values[key] ?? ''))
}

const formValues = (sent: string[]): WarehouseFormValues => {
  const [code = '', name = '', addressId = '', managerUserId = '', notes = '', publishAvailability = ''] = sent
  return { code, name, addressId, managerUserId, notes, publishAvailability: publishAvailability === 'on' }
}

export default function WarehousesPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('inventory')
  const failed = actionData && !actionData.ok ? actionData : null
  const done = actionData?.ok ? actionData : null
  const doneNotice: Record<string, string> = {
    create: t('warehouses.done.created'),
    update: t('warehouses.done.updated'),
    archive: t('warehouses.done.archived'),
    restore: t('warehouses.done.restored'),
  }
  const failedIntent = failed && 'intent' in failed ? String(failed.intent) : ''
  const failedWarehouse = failed && 'warehouseId' in failed ? String(failed.warehouseId) : ''
  const formFailed = failedIntent === 'create' || failedIntent === 'update' ? failed : null
  const sent = formFailed && 'values' in formFailed && Array.isArray(formFailed.values) ? formValues(formFailed.values.map(String)) : null
  const editing = failedIntent === 'update' ? (data.rows.find((row) => row.id === failedWarehouse) ?? null) : data.editing
  const active = data.rows.filter((row) => !row.archived)
  const archived = data.rows.filter((row) => row.archived)
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('warehouses.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('warehouses.description')}</p>
      </div>
      {done ? <Alert tone="success">{doneNotice[done.intent]}</Alert> : null}
      {failed?.formError && !formFailed ? <Alert tone="error">{failed.formError.message}</Alert> : null}
      {!data.manage ? <p className="text-sm text-muted-foreground">{t('warehouses.readOnly')}</p> : null}
      {data.rows.length === 0 && !formFailed ? (
        <EmptyState
          icon="package"
          title={t('warehouses.emptyTitle')}
          description={
            <>
              {t('warehouses.emptyDescription')}
              {data.hasAddresses ? null : (
                <span className="mt-2 block">
                  {t('warehouses.emptyNoAddress')}{' '}
                  <Link to={data.addressBookHref} className="font-medium text-primary underline-offset-4 hover:underline">
                    {t('warehouses.addAddress')}
                  </Link>
                </span>
              )}
            </>
          }
          action={
            data.manage ? (
              <a href="#warehouse-form-title" className={buttonClasses('primary')}>
                {t('warehouses.createFirst')}
              </a>
            ) : undefined
          }
        />
      ) : null}
      {active.length > 0 ? <WarehouseTable rows={active} label={t('warehouses.tableLabel')} manage={data.manage} /> : null}
      {data.manage ? (
        <section className="rounded-lg border border-border p-4">
          <WarehouseForm
            key={editing ? `edit-${editing.id}` : `create-${data.rows.length}`}
            editing={editing ? { id: editing.id, code: editing.code } : null}
            values={sent ?? data.editing?.values ?? EMPTY_FORM}
            addresses={data.addresses}
            members={data.members}
            fieldErrors={formFailed?.fieldErrors}
            formError={formFailed?.formError}
            cancelHref={data.base}
          />
        </section>
      ) : null}
      {archived.length > 0 ? (
        <section aria-labelledby="archived-title" className="flex flex-col gap-3">
          <h2 id="archived-title" className="text-lg font-medium">
            {t('warehouses.archivedTitle')}
          </h2>
          <WarehouseTable rows={archived} label={t('warehouses.archivedTableLabel')} manage={data.manage} />
        </section>
      ) : null}
    </div>
  )
}
