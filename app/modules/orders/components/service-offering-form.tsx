import { type FormEvent, useEffect, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { CURRENCY_CODES } from '../../../platform/format'
import type { Locale } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { fieldErrorsOf } from '../../../platform/validation'
import { SupplierMarketsField } from '../../companies/index'
import { OFFERING_PRICE_BASES, ORDERABLE_SERVICES } from '../orders.constants'
import { ServiceOfferingInput, UpdateServiceOfferingInput } from '../service-offering.inputs'

/** What the form shows: the offering being edited, or what a refused post sent back (all text, as typed). */
export type OfferingFormValues = {
  serviceType: string
  title: string
  description: string
  worldwide: boolean
  countries: string[]
  price: string
  currency: string
  priceBasis: string
  leadTimeDays: string
  version: string
}

export const EMPTY_OFFERING_FORM: OfferingFormValues = {
  serviceType: '',
  title: '',
  description: '',
  worldwide: false,
  countries: [],
  price: '',
  currency: '',
  priceBasis: '',
  leadTimeDays: '',
  version: '',
}

/** The fields in the order the form shows them: the first one a refusal names gets the focus. */
const FIELD_ORDER = ['serviceType', 'title', 'description', 'countries', 'price', 'currency', 'priceBasis', 'leadTimeDays'] as const
const fieldId = (field: string) => `offering-${field}`

function focusFirstInvalid(errors: Record<string, string[]>) {
  const first = FIELD_ORDER.find((field) => errors[field]?.length)
  if (first) document.getElementById(fieldId(first))?.focus()
}

/** A posted form as the inputs read it: the checkbox as a boolean, every other field as text. */
function sentValues(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form)
  const values: Record<string, unknown> = {}
  for (const [key, value] of data) if (typeof value === 'string') values[key] = value
  return { ...values, worldwide: data.get('worldwide') === 'on' }
}

type ServiceOfferingFormProps = {
  /** The offering being edited (null: a new one). */
  editing: { id: string; title: string } | null
  values: OfferingFormValues
  fieldErrors?: Record<string, string[]> | undefined
  formError?: FormErrorData
  locale: Locale
  idempotencyKey: string
  /** Where "Cancel" leads (the list without the edit) and where the current version of the edited offering loads. */
  cancelHref: string
  reloadHref: string
}

/**
 * Adding or changing an offering: service, title, description, areas (worldwide or countries), price with currency and
 * basis (or none: on request) and lead time. The shared input schema checks it before it is sent and the server again;
 * a refusal keeps what was typed and shows each message beside its field.
 */
export function ServiceOfferingForm({ editing, values, fieldErrors, formError, locale, idempotencyKey, cancelHref, reloadHref }: ServiceOfferingFormProps) {
  const { t } = useTranslation('offerings')
  const { t: tServices } = useTranslation('services')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === (editing ? 'update' : 'create')
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>()
  const errors = clientErrors ?? fieldErrors
  const errorsOf = useFieldErrors(errors, 'offerings')
  const stale = formError?.code === 'stale_version'
  const namedFields = Object.keys(errors ?? {}).length > 0

  useEffect(() => {
    if (fieldErrors) focusFirstInvalid(fieldErrors)
  }, [fieldErrors])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = (editing ? UpdateServiceOfferingInput : ServiceOfferingInput).safeParse(sentValues(event.currentTarget))
    if (parsed.success) {
      setClientErrors(undefined)
      return
    }
    event.preventDefault()
    const found = fieldErrorsOf(parsed.error)
    setClientErrors(found)
    focusFirstInvalid(found)
  }

  return (
    <section aria-labelledby="offering-form-title" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="offering-form-title" tabIndex={-1} className="text-lg font-semibold outline-none">
          {editing ? t('form.editTitle', { title: editing.title }) : t('form.createTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('form.intro')}</p>
      </div>
      {stale ? (
        <Alert tone="warning" title={t('form.staleTitle')}>
          <p>{t('form.stale')}</p>
          <Link to={reloadHref} className="font-medium text-primary underline underline-offset-4">
            {t('form.reload')}
          </Link>
        </Alert>
      ) : namedFields ? (
        <Alert tone="error">{t('form.checkFields')}</Alert>
      ) : (
        <FormError error={formError} />
      )}
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="version" value={values.version} />
          </>
        ) : (
          <IdempotencyField value={idempotencyKey} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId('serviceType')} label={t('form.serviceType')} errors={errorsOf('serviceType')}>
            {(control) => (
              <NativeSelect {...control} name="serviceType" defaultValue={values.serviceType} required>
                <option value="">{t('form.chooseType')}</option>
                {ORDERABLE_SERVICES.map((type) => (
                  <option key={type} value={type}>
                    {tServices(`types.${type}.name`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={fieldId('title')} label={t('form.title')} hint={t('form.titleHint')} errors={errorsOf('title')}>
            {(control) => <Input {...control} name="title" defaultValue={values.title} maxLength={120} required autoComplete="off" />}
          </FormField>
        </div>
        <FormField id={fieldId('description')} label={t('form.description')} hint={t('form.descriptionHint')} errors={errorsOf('description')}>
          {(control) => <Textarea {...control} name="description" defaultValue={values.description} rows={3} maxLength={2000} />}
        </FormField>

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.areas')}</legend>
          <div className="flex flex-col gap-1">
            <Checkbox name="worldwide" defaultChecked={values.worldwide} label={t('form.worldwide')} aria-describedby="offering-worldwide-hint" />
            <p id="offering-worldwide-hint" className="ps-6 text-xs text-muted-foreground">
              {t('form.worldwideHint')}
            </p>
          </div>
          <div id={fieldId('countries')} tabIndex={-1} className="outline-none">
            <SupplierMarketsField
              name="countries"
              label={t('form.countries')}
              hint={t('form.countriesHint')}
              locale={locale}
              defaultValue={values.countries}
              errors={errorsOf('countries')}
            />
          </div>
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.priceGroup')}</legend>
          <p className="text-xs text-muted-foreground">{t('form.priceHint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={fieldId('price')} label={t('form.price')} errors={errorsOf('price')}>
              {(control) => <Input {...control} name="price" defaultValue={values.price} inputMode="decimal" autoComplete="off" />}
            </FormField>
            <FormField id={fieldId('currency')} label={t('form.currency')} errors={errorsOf('currency')}>
              {(control) => (
                <NativeSelect {...control} name="currency" defaultValue={values.currency}>
                  <option value="">{t('form.chooseCurrency')}</option>
                  {CURRENCY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id={fieldId('priceBasis')} label={t('form.priceBasis')} errors={errorsOf('priceBasis')}>
              {(control) => (
                <NativeSelect {...control} name="priceBasis" defaultValue={values.priceBasis}>
                  <option value="">{t('form.chooseBasis')}</option>
                  {OFFERING_PRICE_BASES.map((basis) => (
                    <option key={basis} value={basis}>
                      {t(`bases.${basis}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
        </fieldset>

        <FormField
          id={fieldId('leadTimeDays')}
          label={t('form.leadTime')}
          hint={t('form.leadTimeHint')}
          errors={errorsOf('leadTimeDays')}
          className="sm:max-w-xs"
        >
          {(control) => <Input {...control} name="leadTimeDays" defaultValue={values.leadTimeDays} inputMode="numeric" required autoComplete="off" />}
        </FormField>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? t('form.saving') : editing ? t('form.save') : t('form.create')}
          </Button>
          <Link to={cancelHref} className={buttonClasses('secondary')}>
            {t('form.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}
