import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { requireActor } from '../../../modules/companies/index.server'
import { CreateLogisticOrderInput, FREIGHT_MODES, INCOTERMS } from '../../../modules/orders/index'
import { createLogisticOrder } from '../../../modules/orders/index.server'
import { countryOptions } from '../../../platform/countries'
import { failure, failureFromError, formToObject } from '../../../platform/forms.server'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/logistic-order'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  return {
    ...pageData(ctx.locale, 'services', 'freight.metaTitle', PAGE_MESSAGES.freightRequest),
    countries: countryOptions(ctx.locale),
    idempotencyKey: crypto.randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const parsed = CreateLogisticOrderInput.safeParse(formToObject(form, ['dangerousGoods']))
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
  try {
    const order = await createLogisticOrder(ctx, parsed.data, idempotencyOfForm(form))
    return redirect(`${localizePath(ctx.locale, `/app/orders/service/${order.id}`)}?created=1`)
  } catch (error) {
    return failureFromError(error)
  }
}

export default function LogisticOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const navigation = useNavigation()
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'services')
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const countrySelect = (name: string, label: string) => (
    <FormField label={label} errors={fieldError(name)}>
      {(control) => (
        <NativeSelect name={name} defaultValue="" required {...control}>
          <option value="">{t('freight.chooseCountry')}</option>
          {loaderData.countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('freight.title')}</h1>
        <p className="text-muted-foreground">{t('freight.intro')}</p>
      </header>
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <FormError error={formError} />
        <IdempotencyField value={loaderData.idempotencyKey} />
        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold">{t('freight.routeTitle')}</legend>
          <FormField label={t('freight.origin')} errors={fieldError('origin')}>
            {(control) => <Input name="origin" maxLength={200} required {...control} />}
          </FormField>
          {countrySelect('originCountry', t('freight.originCountry'))}
          <FormField label={t('freight.destination')} errors={fieldError('destination')}>
            {(control) => <Input name="destination" maxLength={200} required {...control} />}
          </FormField>
          {countrySelect('destinationCountry', t('freight.destinationCountry'))}
          <FormField label={t('freight.mode')} errors={fieldError('mode')}>
            {(control) => (
              <NativeSelect name="mode" defaultValue="sea" {...control}>
                {FREIGHT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`modes.${mode}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('freight.incoterm')} errors={fieldError('incoterm')}>
            {(control) => (
              <NativeSelect name="incoterm" defaultValue="FOB" {...control}>
                {INCOTERMS.map((incoterm) => (
                  <option key={incoterm} value={incoterm}>
                    {incoterm}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t('freight.readyDate')} errors={fieldError('readyDate')}>
            {(control) => <Input type="date" name="readyDate" required {...control} />}
          </FormField>
        </fieldset>
        <fieldset className="grid gap-4 rounded-lg border border-border bg-card p-4 sm:grid-cols-3">
          <legend className="px-1 text-lg font-semibold">{t('freight.cargoTitle')}</legend>
          <FormField label={t('freight.packages')} errors={fieldError('packages')}>
            {(control) => <Input type="number" name="packages" min={1} step={1} inputMode="numeric" required {...control} />}
          </FormField>
          <FormField label={t('freight.weightKg')} errors={fieldError('weightKg')}>
            {(control) => <Input name="weightKg" inputMode="decimal" required {...control} />}
          </FormField>
          <FormField label={t('freight.volumeM3')} errors={fieldError('volumeM3')}>
            {(control) => <Input name="volumeM3" inputMode="decimal" required {...control} />}
          </FormField>
          <FormField label={t('freight.cargoDescription')} errors={fieldError('cargoDescription')} className="sm:col-span-3">
            {(control) => <Textarea name="cargoDescription" rows={4} maxLength={2000} required {...control} />}
          </FormField>
          <div className="flex flex-col gap-1 sm:col-span-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="dangerousGoods" value="true" className="size-4 accent-primary" aria-describedby="dangerous-goods-hint" />
              {t('freight.dangerousGoods')}
            </label>
            <p id="dangerous-goods-hint" className="text-xs text-muted-foreground">
              {t('freight.dangerousGoodsHint')}
            </p>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {t('freight.submit')}
          </Button>
          <Link to={localizePath(locale, '/app/orders/service')} className={buttonClasses('ghost')}>
            {t('freight.cancel')}
          </Link>
        </div>
      </Form>
    </div>
  )
}
