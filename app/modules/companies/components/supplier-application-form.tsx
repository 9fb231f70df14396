import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Field, FormField } from '../../../components/ui/field'
import { Stepper } from '../../../components/ui/stepper'
import { Textarea } from '../../../components/ui/textarea'
import { useHydrated } from '../../../components/use-hydrated'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import type { z } from '../../../platform/zod'
import { PASSWORD_MIN_LENGTH, SignUpInput } from '../../identity/index'
import type { SupplierType } from '../companies.constants'
import { CreateCompanyInput } from '../company.inputs'
import { FILE_ACCEPT } from '../../kernel/index'
import { ApplicationMessageInput, MAX_APPLICATION_DOCUMENTS, MAX_APPLICATION_MESSAGE, SupplierOnboardProfileInput } from '../supplier.inputs'
import { CompanyFields } from './company-fields'
import { SupplierFileField } from './supplier-file-field'
import { SupplierMarketsField } from './supplier-markets-field'
import { fieldOf, ONBOARD_STEPS, type OnboardStep } from './supplier-onboard-steps'
import { SupplierTypeCards } from './supplier-type-cards'

export type ApplicationFormFailure = { fieldErrors?: Record<string, string[]>; formError?: FormErrorData; step?: string }

type ApplicationFormProps = {
  locale: string
  /** The signed-in person, whose account step is skipped. */
  account: { name: string; email: string | null } | null
  /** The active company, when the signed-in person may apply for it instead of registering a new one. */
  currentCompany: { name: string; canApply: boolean } | null
  documentMaxBytes: number
  failure: ApplicationFormFailure | undefined
  submitting: boolean
}

type Summary = { label: string; value: string }[]

/** Step fields are translated in the catalog their schema's messages come from. */
const ERROR_NAMESPACE: Record<OnboardStep, string> = {
  account: 'identity',
  company: 'companies',
  supplier: 'suppliers',
  documents: 'suppliers',
  review: 'suppliers',
}

function formValues(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value
  return values
}

/**
 * The public supplier application: account, company, supplier profile, documents, review. One form
 * and one multipart POST; with JavaScript it shows one step at a time and checks each step with the
 * same schemas as the server, without it every step shows at once.
 */
export function SupplierApplicationForm({ locale, account, currentCompany, documentMaxBytes, failure, submitting }: ApplicationFormProps) {
  const { t } = useTranslation('suppliers')
  const { t: identity } = useTranslation('identity')
  const { t: companies } = useTranslation('companies')
  const translators: Record<string, typeof t> = { identity, companies, suppliers: t }
  const hydrated = useHydrated()
  const steps = ONBOARD_STEPS.filter((step) => step !== 'account' || !account)
  const stepOfFailure = (value: ApplicationFormFailure | undefined) => Math.max(0, steps.indexOf((value?.step ?? steps[0]) as OnboardStep))
  const [current, setCurrent] = useState(() => stepOfFailure(failure))
  const [seenFailure, setSeenFailure] = useState(failure)
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({})
  const [companyMode, setCompanyMode] = useState<'current' | 'new'>(currentCompany?.canApply ? 'current' : 'new')
  const [documents, setDocuments] = useState<File[]>([])
  const [summary, setSummary] = useState<Summary>([])
  const formRef = useRef<HTMLFormElement>(null)
  const headings = useRef<Array<HTMLHeadingElement | null>>([])
  const shown = useRef({ current, failure })

  // A new server answer reopens the step holding its first failing field.
  if (failure !== seenFailure) {
    setSeenFailure(failure)
    setClientErrors({})
    setCurrent(stepOfFailure(failure))
  }

  // Moving to a step, or a server answer, puts the focus on the step's heading (not on the first render).
  useEffect(() => {
    if (shown.current.current === current && shown.current.failure === seenFailure) return
    shown.current = { current, failure: seenFailure }
    headings.current[current]?.focus()
  }, [current, seenFailure])

  const allErrors = { ...(failure?.fieldErrors ?? {}), ...clientErrors }
  const errorsOf = (step: OnboardStep) => (field: string) => {
    const keys = Object.entries(allErrors).flatMap(([key, messages]) => (fieldOf(key) === field ? messages : []))
    return keys.length ? [...new Set(keys)].map((key) => (translators[ERROR_NAMESPACE[step]] ?? t)(key)) : undefined
  }

  // The whole application is one request, so the documents together must fit the upload limit.
  function documentErrors(): Record<string, string[]> {
    if (documents.length === 0) return { documents: ['validation.documentsRequired'] }
    const total = documents.reduce((sum, file) => sum + file.size, 0)
    return total > documentMaxBytes ? { documents: ['validation.documentsTooLarge'] } : {}
  }

  function stepErrors(step: OnboardStep, values: Record<string, unknown>): Record<string, string[]> {
    const check = <T,>(result: z.ZodSafeParseResult<T>) => (result.success ? {} : fieldErrorsOf(result.error))
    switch (step) {
      case 'account':
        return check(SignUpInput.safeParse(values))
      case 'company':
        return companyMode === 'current' ? {} : check(CreateCompanyInput.safeParse({ ...values, kind: 'supplier' }))
      case 'supplier':
        return check(SupplierOnboardProfileInput.safeParse(values))
      case 'documents':
        return { ...check(ApplicationMessageInput.safeParse(values)), ...documentErrors() }
      case 'review':
        return {}
    }
  }

  function summarise(values: Record<string, unknown>): Summary {
    const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).trim() : '')
    const type = text('supplierType') as SupplierType | ''
    const markets = text('exportMarkets')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((code) => countryName(code.toUpperCase(), locale))
    const rows: Summary = []
    if (!account) rows.push({ label: t('summary.account'), value: `${text('name')} · ${text('identifier')}` })
    rows.push(
      companyMode === 'current' && currentCompany
        ? { label: t('summary.company'), value: currentCompany.name }
        : {
            label: t('summary.company'),
            value: [text('displayName'), text('legalName'), text('country') ? countryName(text('country'), locale) : ''].filter(Boolean).join(' · '),
          },
    )
    rows.push({ label: t('summary.supplierType'), value: type ? t(`types.${type}.label`) : '' })
    rows.push({ label: t('summary.capabilities'), value: text('capabilities') })
    rows.push({ label: t('summary.exportMarkets'), value: markets.join(', ') })
    rows.push({ label: t('summary.documents'), value: documents.map((file) => file.name).join(', ') })
    rows.push({ label: t('summary.message'), value: text('message') })
    return rows
  }

  function goTo(index: number) {
    if (formRef.current && index === steps.length - 1) setSummary(summarise(formValues(formRef.current)))
    setCurrent(index)
  }

  function next() {
    const step = steps[current]
    if (!formRef.current || !step) return
    const errors = stepErrors(step, formValues(formRef.current))
    setClientErrors(errors)
    if (Object.keys(errors).length) {
      headings.current[current]?.focus()
      return
    }
    goTo(current + 1)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // Enter in a field of an earlier step moves on instead of sending the whole application.
    if (hydrated && current < steps.length - 1) {
      event.preventDefault()
      next()
    }
  }

  const section = (step: OnboardStep, index: number, body: ReactNode) => (
    <section key={step} aria-labelledby={`step-${step}`} hidden={hydrated && index !== current} className="flex flex-col gap-4">
      <h2
        id={`step-${step}`}
        ref={(element) => {
          headings.current[index] = element
        }}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {t(`steps.${step}.title`)}
      </h2>
      <p className="text-sm text-muted-foreground">{t(`steps.${step}.body`)}</p>
      {body}
      {hydrated ? (
        <div className="flex flex-wrap gap-2 border-t border-border pt-4">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => goTo(index - 1)}>
              {t('onboard.back')}
            </Button>
          ) : null}
          {index < steps.length - 1 ? <Button onClick={next}>{t('onboard.next')}</Button> : null}
          {index === steps.length - 1 ? (
            <Button type="submit" disabled={submitting}>
              {submitting ? t('onboard.submitting') : t('onboard.submit')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  )

  const bodies: Record<OnboardStep, ReactNode> = {
    account: <AccountStep errors={errorsOf('account')} />,
    company: (
      <CompanyStep
        locale={locale}
        currentCompany={currentCompany}
        mode={companyMode}
        onModeChange={setCompanyMode}
        hideFields={hydrated && companyMode === 'current'}
        errors={errorsOf('company')}
      />
    ),
    supplier: (
      <div className="flex flex-col gap-4">
        <SupplierTypeCards legend={t('fields.supplierType')} errors={errorsOf('supplier')('supplierType')} />
        <Field label={t('fields.capabilities')} name="capabilities" hint={t('fields.capabilitiesHint')} errors={errorsOf('supplier')('capabilities')} />
        <SupplierMarketsField name="exportMarkets" label={t('fields.exportMarkets')} locale={locale} errors={errorsOf('supplier')('exportMarkets')} />
        <FormField label={t('fields.description')} hint={t('fields.descriptionHint')} errors={errorsOf('supplier')('description')}>
          {(control) => <Textarea name="description" maxLength={4000} rows={5} {...control} />}
        </FormField>
      </div>
    ),
    documents: (
      <div className="flex flex-col gap-4">
        <SupplierFileField
          name="documents"
          label={t('fields.documents')}
          hint={t('fields.documentsHint', { count: MAX_APPLICATION_DOCUMENTS })}
          accept={FILE_ACCEPT.verification}
          maxSize={documentMaxBytes}
          multiple
          required
          errors={errorsOf('documents')('documents')}
          onFiles={setDocuments}
        />
        <FormField label={t('fields.message')} hint={t('fields.messageHint')} errors={errorsOf('documents')('message')}>
          {(control) => <Textarea name="message" maxLength={MAX_APPLICATION_MESSAGE} rows={4} {...control} />}
        </FormField>
      </div>
    ),
    review: hydrated ? (
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {summary.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="break-words">{row.value || t('summary.empty')}</dd>
          </div>
        ))}
      </dl>
    ) : (
      <Button type="submit" className="w-fit" disabled={submitting}>
        {t('onboard.submit')}
      </Button>
    ),
  }

  return (
    <div className="flex flex-col gap-6">
      {account ? <Alert tone="info">{t('onboard.signedInAs', { name: account.name, email: account.email ?? '' })}</Alert> : null}
      {hydrated ? (
        <Stepper steps={steps.map((step) => ({ id: step, label: t(`steps.${step}.label`) }))} current={current} label={t('onboard.progress')} />
      ) : null}
      <FormError error={failure?.formError} />
      <Form ref={formRef} method="post" encType="multipart/form-data" noValidate onSubmit={submit} className="flex flex-col gap-8">
        {steps.map((step, index) => section(step, index, bodies[step]))}
      </Form>
    </div>
  )
}

function AccountStep({ errors }: { errors: (field: string) => string[] | undefined }) {
  const { t } = useTranslation('suppliers')
  const { t: identity } = useTranslation('identity')
  return (
    <div className="grid gap-4 sm:max-w-md">
      <Field label={t('fields.yourName')} name="name" autoComplete="name" required maxLength={100} errors={errors('name')} />
      <Field label={t('fields.email')} name="identifier" type="email" autoComplete="email" required errors={errors('identifier')} />
      <Field
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={identity('login.newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
        errors={errors('password')}
      />
    </div>
  )
}

type CompanyStepProps = {
  locale: string
  currentCompany: { name: string; canApply: boolean } | null
  mode: 'current' | 'new'
  onModeChange: (mode: 'current' | 'new') => void
  hideFields: boolean
  errors: (field: string) => string[] | undefined
}

function CompanyStep({ locale, currentCompany, mode, onModeChange, hideFields, errors }: CompanyStepProps) {
  const { t } = useTranslation('suppliers')
  return (
    <div className="flex flex-col gap-4">
      <input type="hidden" name="kind" value="supplier" />
      {currentCompany ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('onboard.companyChoice')}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="companyMode"
              value="current"
              checked={mode === 'current'}
              onChange={() => onModeChange('current')}
              disabled={!currentCompany.canApply}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              {t('onboard.useCurrent', { company: currentCompany.name })}
              {currentCompany.canApply ? null : <span className="block text-xs text-muted-foreground">{t('onboard.currentCannotApply')}</span>}
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="companyMode"
              value="new"
              checked={mode === 'new'}
              onChange={() => onModeChange('new')}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>{t('onboard.registerNew')}</span>
          </label>
        </fieldset>
      ) : null}
      {hideFields ? null : <CompanyFields locale={locale} errors={errors} />}
    </div>
  )
}
