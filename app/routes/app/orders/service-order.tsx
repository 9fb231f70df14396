import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { requireActor } from '../../../modules/companies/index.server'
import { CreateServiceOrderInput, ORDERABLE_SERVICES, type OrderableService } from '../../../modules/orders/index'
import { createServiceOrder, linkablePurchaseOrders, providerOptions } from '../../../modules/orders/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../platform/forms.server'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/service-order'
import { PAGE_MESSAGES } from '../../page-messages'

const isService = (value: string | null): value is OrderableService => (ORDERABLE_SERVICES as readonly string[]).includes(value ?? '')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = new URL(request.url).searchParams
  const type = isService(search.get('type')) ? (search.get('type') as OrderableService) : null
  const [providers, purchaseOrders] = await withRouteErrors(() =>
    Promise.all([type ? providerOptions(type, ctx.actor.companyId) : Promise.resolve([]), linkablePurchaseOrders(ctx)]),
  )
  return {
    ...pageData(ctx.locale, 'services', 'order.metaTitle', PAGE_MESSAGES.serviceOrderForm),
    type,
    provider: search.get('provider') ?? '',
    providers,
    purchaseOrders,
    // A retried submission (double click, reload) creates the order once.
    idempotencyKey: crypto.randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const parsed = CreateServiceOrderInput.safeParse(formToObject(form))
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
  try {
    const order = await createServiceOrder(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/orders/service/${order.id}`)}?created=1`)
  } catch (error) {
    return failureFromError(error)
  }
}

export default function ServiceOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const navigation = useNavigation()
  const { type, providers, purchaseOrders } = loaderData
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'services')
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const listHref = localizePath(locale, '/app/orders/service')
  const selfHref = localizePath(locale, '/app/orders/service-order')
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('order.title')}</h1>
        <p className="text-muted-foreground">{t('order.intro')}</p>
      </header>

      {/* Choosing the service reloads the providers that offer it (works without JavaScript). */}
      <Form method="get" action={selfHref} className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4">
        <FormField label={t('order.serviceType')} className="min-w-56 flex-1" errors={fieldError('serviceType')}>
          {(control) => (
            <NativeSelect name="type" defaultValue={type ?? ''} required {...control}>
              <option value="" disabled>
                {t('order.serviceType')}
              </option>
              {ORDERABLE_SERVICES.map((service) => (
                <option key={service} value={service}>
                  {t(`types.${service}.name`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('order.changeType')}
        </Button>
      </Form>

      {type === 'logistics' ? (
        <Alert tone="info">
          {t('order.freightHint')}{' '}
          <Link to={localizePath(locale, '/app/orders/logistic-order')} className="font-medium underline">
            {t('order.freightLink')}
          </Link>
        </Alert>
      ) : null}

      {type ? (
        <Form method="post" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4" noValidate>
          <FormError error={formError} />
          <input type="hidden" name="serviceType" value={type} />
          <IdempotencyField value={loaderData.idempotencyKey} />
          <FormField label={t('order.provider')} errors={fieldError('providerCompanyId')} hint={providers.length === 0 ? t('order.noProviders') : undefined}>
            {(control) => (
              <NativeSelect name="providerCompanyId" defaultValue={loaderData.provider} required {...control}>
                <option value="">{t('order.chooseProvider')}</option>
                {providers.map((provider) => (
                  <option key={provider.id} value={provider.id}>
                    {provider.verified ? t('order.verifiedSuffix', { name: provider.name }) : provider.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('order.scope')} hint={t('order.scopeHint')} errors={fieldError('scope')}>
            {(control) => <Textarea name="scope" rows={5} maxLength={4000} required {...control} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('order.location')} hint={t('order.locationHint')} errors={fieldError('location')}>
              {(control) => <Input name="location" maxLength={200} {...control} />}
            </FormField>
            <FormField label={t('order.serviceDate')} errors={fieldError('serviceDate')}>
              {(control) => <Input type="date" name="serviceDate" {...control} />}
            </FormField>
          </div>
          <FormField label={t('order.linkedPurchaseOrder')} errors={fieldError('linkedPurchaseOrderId')}>
            {(control) => (
              <NativeSelect name="linkedPurchaseOrderId" defaultValue="" {...control}>
                <option value="">{t('order.noLink')}</option>
                {purchaseOrders.map((order) => (
                  <option key={order.id} value={order.id}>
                    {`${order.number} · ${order.supplierName}`}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={navigation.state === 'submitting'}>
              {t('order.submit')}
            </Button>
            <Link to={listHref} className={buttonClasses('ghost')}>
              {t('order.cancel')}
            </Link>
          </div>
        </Form>
      ) : null}
    </div>
  )
}
