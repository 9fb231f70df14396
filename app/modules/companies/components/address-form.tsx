import { type FormEvent, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { countryName, countryOptions } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { fieldErrorsOf } from '../../../platform/validation'
import { type Address, AddressInput, addressMessageValues, CreateAddressInput } from '../address.inputs'
import { ADDRESS_TYPES, type AddressType } from '../companies.constants'
import { postalCodeFormat } from '../postal-codes'

/** What the form's action answers: the saved address's id, or field errors (catalog keys) and a form error. */
export type AddressFormResult = { ok: true; id?: string } | { ok: false; fieldErrors: Record<string, string[]>; formError?: FormErrorData }

/** The fields in the order they appear, so the first invalid one can take the focus. */
const FIELD_ORDER = ['type', 'label', 'recipient', 'phone', 'country', 'line1', 'line2', 'city', 'region', 'postalCode'] as const

type AddressFormProps = {
  /** The address being edited; without it the form adds a new one. */
  address?: Address
  /** The type a new address starts with. */
  type: AddressType
  /** The country a new address starts with (usually the company's). */
  defaultCountry?: string
  locale: string
  /** The route whose action answers the intents `create-address` and `update-address` (default: the current route). */
  action?: string
  /** Set when adding: made when the page was rendered, so a resubmitted form adds one address. */
  idempotencyKey?: string
  onCancel: () => void
  onSaved: (addressId: string | undefined) => void
}

/**
 * Adds or edits an address in place. It checks the input with the same schema as the action, shows
 * each field's errors beside it, and explains the postal code format of the chosen country.
 */
export function AddressForm({ address, type, defaultCountry, locale, action, idempotencyKey, onCancel, onSaved }: AddressFormProps) {
  const { t } = useTranslation('addresses')
  const fetcher = useFetcher<AddressFormResult>()
  const id = useId()
  const fieldId = (field: string) => `${id}-${field}`
  const titleId = `${id}-title`
  const labelInput = useRef<HTMLInputElement>(null)
  const countries = useMemo<ComboboxOption[]>(
    () => countryOptions(locale).map((country) => ({ value: country.code, label: country.name, keywords: [country.code] })),
    [locale],
  )
  const [country, setCountry] = useState(address?.country ?? defaultCountry ?? '')
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>()
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  const fieldErrors = clientErrors ?? (result && !result.ok ? result.fieldErrors : undefined)
  const values = addressMessageValues(country)
  const errorsOf = (field: string) => fieldErrors?.[field]?.map((key) => t(key, values))
  const postal = postalCodeFormat(country)
  const busy = fetcher.state !== 'idle'

  useEffect(() => labelInput.current?.focus(), [])

  function focusFirstInvalid(errors: Record<string, string[]>) {
    const first = FIELD_ORDER.find((field) => errors[field]?.length)
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  const onAnswer = useEffectEvent((answer: AddressFormResult) => {
    if (answer.ok) onSaved(answer.id)
    else focusFirstInvalid(answer.fieldErrors)
  })

  useEffect(() => {
    if (result) onAnswer(result)
  }, [result])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget)
    const input = {
      ...Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      isDefault: form.get('isDefault') === 'on',
    }
    const parsed = (address ? AddressInput : CreateAddressInput).safeParse(input)
    if (parsed.success) {
      setClientErrors(undefined)
      return
    }
    event.preventDefault()
    const errors = fieldErrorsOf(parsed.error)
    setClientErrors(errors)
    focusFirstInvalid(errors)
  }

  const postalHint =
    postal.kind === 'none'
      ? t('postal.notUsed', { country: countryName(country, locale) })
      : postal.kind === 'free'
        ? t('postal.optional')
        : t(postal.required ? 'postal.example' : 'postal.optionalExample', { example: postal.example })

  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-primary/40 bg-card p-4 text-card-foreground shadow-sm" data-testid="address-form">
      <h3 id={titleId} className="mb-4 font-semibold">
        {address ? t('form.editTitle', { label: address.label }) : t(`types.${type}.new`)}
      </h3>
      <fetcher.Form method="post" action={action} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={address ? 'update-address' : 'create-address'} />
        {address ? null : <IdempotencyField value={idempotencyKey} />}
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <FormError error={result && !result.ok ? result.formError : undefined} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId('label')} label={t('fields.label')} hint={t('fields.labelHint')} errors={errorsOf('label')}>
            {(control) => <Input ref={labelInput} name="label" defaultValue={address?.label} required maxLength={80} {...control} />}
          </FormField>
          <FormField id={fieldId('type')} label={t('fields.type')} errors={errorsOf('type')}>
            {(control) => (
              <NativeSelect name="type" defaultValue={address?.type ?? type} required {...control}>
                {ADDRESS_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(`types.${option}.name`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={fieldId('recipient')} label={t('fields.recipient')} errors={errorsOf('recipient')}>
            {(control) => <Input name="recipient" defaultValue={address?.recipient} maxLength={120} autoComplete="name" {...control} />}
          </FormField>
          <FormField id={fieldId('phone')} label={t('fields.phone')} errors={errorsOf('phone')}>
            {(control) => <Input name="phone" type="tel" defaultValue={address?.phone} maxLength={40} autoComplete="tel" {...control} />}
          </FormField>
          <FormField id={fieldId('country')} label={t('fields.country')} errors={errorsOf('country')} className="sm:col-span-2">
            {(control) => (
              <Combobox
                name="country"
                options={countries}
                value={countries.find((option) => option.value === country) ?? null}
                onChange={(option) => setCountry(option.value)}
                placeholder={t('form.chooseCountry')}
                searchLabel={t('form.searchCountries')}
                emptyMessage={t('form.noCountry')}
                {...control}
              />
            )}
          </FormField>
          <FormField id={fieldId('line1')} label={t('fields.line1')} hint={t('fields.line1Hint')} errors={errorsOf('line1')} className="sm:col-span-2">
            {(control) => <Input name="line1" defaultValue={address?.line1} required maxLength={200} autoComplete="address-line1" {...control} />}
          </FormField>
          <FormField id={fieldId('line2')} label={t('fields.line2')} hint={t('fields.line2Hint')} errors={errorsOf('line2')} className="sm:col-span-2">
            {(control) => <Input name="line2" defaultValue={address?.line2} maxLength={200} autoComplete="address-line2" {...control} />}
          </FormField>
          <FormField id={fieldId('city')} label={t('fields.city')} errors={errorsOf('city')}>
            {(control) => <Input name="city" defaultValue={address?.city} required maxLength={120} autoComplete="address-level2" {...control} />}
          </FormField>
          <FormField id={fieldId('region')} label={t('fields.region')} errors={errorsOf('region')}>
            {(control) => <Input name="region" defaultValue={address?.region} maxLength={120} autoComplete="address-level1" {...control} />}
          </FormField>
          <FormField id={fieldId('postalCode')} label={t('fields.postalCode')} hint={postalHint} errors={errorsOf('postalCode')}>
            {(control) =>
              postal.kind === 'none' ? (
                <Input name="postalCode" value="" disabled readOnly {...control} />
              ) : (
                <Input
                  name="postalCode"
                  defaultValue={address?.postalCode}
                  required={postal.kind === 'pattern' && postal.required}
                  maxLength={20}
                  autoComplete="postal-code"
                  {...control}
                />
              )
            }
          </FormField>
        </div>
        {address ? null : (
          <div className="flex flex-col gap-1">
            <Checkbox name="isDefault" label={t('fields.isDefault')} aria-describedby={`${id}-default-hint`} />
            <p id={`${id}-default-hint`} className="ps-6 text-xs text-muted-foreground">
              {t('fields.isDefaultHint')}
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {address ? t('form.save') : t('form.add')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  )
}
