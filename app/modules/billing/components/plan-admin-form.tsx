import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { CURRENCY_CODES } from '../../../platform/format'
import { useTranslation } from '../../../platform/i18n/react'
import { LOCALES } from '../../../platform/i18n/locales'
import { fieldErrorsOf } from '../../../platform/validation'
import { PLAN_FEATURES, PLAN_LIMITS, SHOWN_FEATURES, SHOWN_LIMITS } from '../billing.constants'
import { CreatePlanInput, UpdatePlanInput } from '../plan.inputs'
import { LIMIT_FIELDS, PLAN_FORM_FIELDS, type PlanFormField, type PlanFormValues, planInputOf, sentPlanFormValues } from '../plan-form'

type PlanAdminFormProps = {
  /** The plan being edited (its name in the reader's language), or null for a new plan. */
  editing: { id: string; name: string } | null
  values: PlanFormValues
  /** The server's answer to the last try: field errors as `billing:validation.*` keys, and the form-level error. */
  fieldErrors: Record<string, string[]> | undefined
  formError: FormErrorData
  cancelHref: string
  /** Where the plan's current terms load from, for when someone else changed it meanwhile. */
  reloadHref: string
  busy: boolean
}

const fieldId = (field: string) => `plan-${field.replace('.', '-')}`

function focusFirstInvalid(errors: Record<string, string[]>) {
  const first = PLAN_FORM_FIELDS.find((field) => errors[field]?.length) ?? (errors.features ? 'features' : undefined)
  if (first) document.getElementById(fieldId(first))?.focus()
}

/**
 * The platform admin's plan form: names and descriptions in every language, currency and prices, each limit (empty for
 * none; storage in megabytes), features and position. The inputs' own schema checks it before it is sent (the server
 * checks it again); a refusal keeps what was typed and shows each message beside its field.
 */
export function PlanAdminForm({ editing, values, fieldErrors, formError, cancelHref, reloadHref, busy }: PlanAdminFormProps) {
  const { t } = useTranslation('planAdmin')
  const { t: tBilling } = useTranslation('billing')
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>()
  const errors = clientErrors ?? fieldErrors
  const errorsOf = useFieldErrors(errors, 'billing')
  const heading = useRef<HTMLHeadingElement>(null)
  const stale = formError?.code === 'stale_version'
  // A refusal that names fields is told beside them; the form-level message then only repeats it.
  const namedFields = Object.keys(fieldErrors ?? {}).length > 0

  useEffect(() => heading.current?.focus(), [])
  // The server's refusal moves the focus to the first field it names, as the browser's own check does.
  useEffect(() => {
    if (fieldErrors) focusFirstInvalid(fieldErrors)
  }, [fieldErrors])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const schema = editing ? UpdatePlanInput : CreatePlanInput
    const parsed = schema.safeParse(planInputOf(sentPlanFormValues(new FormData(event.currentTarget))))
    if (parsed.success) {
      setClientErrors(undefined)
      return
    }
    event.preventDefault()
    const found = fieldErrorsOf(parsed.error)
    setClientErrors(found)
    focusFirstInvalid(found)
  }

  const text = (field: PlanFormField, label: string, hint?: string, multiline = false) => (
    <FormField id={fieldId(field)} label={label} hint={hint} errors={errorsOf(field)}>
      {(control) =>
        multiline ? (
          <Textarea {...control} name={field} defaultValue={values[field]} rows={3} maxLength={300} />
        ) : (
          <Input {...control} name={field} defaultValue={values[field]} />
        )
      }
    </FormField>
  )

  return (
    <section aria-labelledby="plan-form-title" className="flex flex-col gap-4 rounded-lg border border-primary/40 bg-card p-4 text-card-foreground shadow-sm">
      <div className="flex flex-col gap-1">
        <h2 id="plan-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {editing ? t('form.editTitle', { plan: editing.name }) : t('form.createTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{editing ? t('form.editIntro') : t('form.createIntro')}</p>
      </div>
      {stale ? (
        <Alert tone="warning" title={t('form.staleTitle')}>
          <p>{t('form.stale')}</p>
          <Link to={reloadHref} className="font-medium text-primary underline underline-offset-4">
            {t('form.reload')}
          </Link>
        </Alert>
      ) : namedFields || clientErrors ? (
        <Alert tone="error">{t('form.checkFields')}</Alert>
      ) : (
        <FormError error={formError} />
      )}
      <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
        {editing ? (
          <>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="version" value={values.version} />
          </>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {editing ? null : text('id', t('form.id'), t('form.idHint'))}
          <FormField id={fieldId('position')} label={t('form.position')} hint={t('form.positionHint')} errors={errorsOf('position')}>
            {(control) => <Input {...control} name="position" inputMode="numeric" defaultValue={values.position} />}
          </FormField>
        </div>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.nameGroup')}</legend>
          <p className="text-xs text-muted-foreground">{t('form.textHint')}</p>
          <div className="grid gap-4 lg:grid-cols-3">
            {LOCALES.map((locale) => (
              <div key={locale}>{text(`name.${locale}`, t('form.nameIn', { language: t(`form.languages.${locale}`) }))}</div>
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.descriptionGroup')}</legend>
          <div className="grid gap-4 lg:grid-cols-3">
            {LOCALES.map((locale) => (
              <div key={locale}>{text(`description.${locale}`, t('form.descriptionIn', { language: t(`form.languages.${locale}`) }), undefined, true)}</div>
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.pricesGroup')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={fieldId('currency')} label={t('form.currency')} errors={errorsOf('currency')}>
              {(control) => (
                <NativeSelect {...control} name="currency" defaultValue={values.currency}>
                  {CURRENCY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id={fieldId('monthlyPrice')} label={t('form.monthlyPrice')} hint={t('form.priceHint')} errors={errorsOf('monthlyPrice')}>
              {(control) => <Input {...control} name="monthlyPrice" inputMode="decimal" defaultValue={values.monthlyPrice} />}
            </FormField>
            <FormField id={fieldId('yearlyPrice')} label={t('form.yearlyPrice')} hint={t('form.priceHint')} errors={errorsOf('yearlyPrice')}>
              {(control) => <Input {...control} name="yearlyPrice" inputMode="decimal" defaultValue={values.yearlyPrice} />}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('form.limitsGroup')}</legend>
          <p className="text-xs text-muted-foreground">{t('form.limitsHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {PLAN_LIMITS.map((key) => {
              const field = LIMIT_FIELDS[key]
              return (
                <FormField
                  key={key}
                  id={fieldId(field)}
                  label={key === 'storage_bytes' ? t('form.storageMb') : tBilling(`limits.${key}`)}
                  hint={SHOWN_LIMITS.some((shown) => shown === key) ? undefined : t('form.notPublic')}
                  errors={errorsOf(field)}
                >
                  {(control) => <Input {...control} name={field} inputMode="numeric" defaultValue={values[field]} placeholder={tBilling('unlimited')} />}
                </FormField>
              )
            })}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3" aria-describedby={errorsOf('features') ? 'plan-features-error' : undefined}>
          <legend id={fieldId('features')} tabIndex={-1} className="mb-1 text-base font-semibold outline-none">
            {t('form.featuresGroup')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PLAN_FEATURES.map((feature) => (
              <label key={feature} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="features"
                  value={feature}
                  defaultChecked={values.features.includes(feature)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span>
                  {tBilling(`features.${feature}`)}
                  {SHOWN_FEATURES.some((shown) => shown === feature) ? null : (
                    <span className="block text-xs text-muted-foreground">{t('form.notPublic')}</span>
                  )}
                </span>
              </label>
            ))}
          </div>
          {errorsOf('features') ? (
            <p id="plan-features-error" className="text-xs text-destructive" role="alert">
              {errorsOf('features')?.join(' ')}
            </p>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {editing ? t('form.save') : t('form.create')}
          </Button>
          <Link to={cancelHref} className={buttonClasses('secondary')}>
            {t('form.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}
