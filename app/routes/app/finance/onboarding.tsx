import { randomUUID } from 'node:crypto'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert, type AlertTone } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Field, FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  FINANCE_PAGES,
  KYC_DOCUMENT_KINDS,
  type KycStatus,
  KycDraftInput,
  kycInputFromForm,
  MAX_BENEFICIAL_OWNERS,
  SubmitKycInput,
} from '../../../modules/finance/index'
import { getKycProfile, saveKycDraft, submitKyc } from '../../../modules/finance/index.server'
import { FILE_ACCEPT, fileContentUrl } from '../../../modules/kernel/index'
import { countryOptions } from '../../../platform/countries'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/onboarding'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const profile = await withRouteErrors(() => getKycProfile(ctx))
  return {
    ...pageData(ctx.locale, 'financeSetup', 'meta.onboardingTitle', PAGE_MESSAGES.financeOnboarding),
    profile: { ...profile, submittedAt: profile.submittedAt?.toISOString() ?? null, reviewedAt: profile.reviewedAt?.toISOString() ?? null },
    // Keys the uploads of one save, so a resent form stores its files once.
    idempotencyKey: randomUUID(),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  try {
    if (form.get('intent') === 'submit') {
      const parsed = parseForm(SubmitKycInput, form)
      if (!parsed.ok) return failure(parsed)
      await submitKyc(ctx, parsed.data)
      return { ok: true as const, intent: 'submit' }
    }
    const parsed = KycDraftInput.safeParse(kycInputFromForm(form))
    if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) })
    const uploads = Object.fromEntries(KYC_DOCUMENT_KINDS.map((kind) => [kind, form.getAll(`${kind}Files`)]))
    await saveKycDraft(ctx, parsed.data, uploads, idempotencyOfForm(form))
    return { ok: true as const, intent: 'save' }
  } catch (error) {
    return failureFromError(error)
  }
}

type Profile = Route.ComponentProps['loaderData']['profile']
type Owner = Profile['beneficialOwners'][number]

const STATUS_TONE: Record<KycStatus, AlertTone> = { draft: 'info', pending: 'warning', accept: 'success', reject: 'error' }

export default function FinanceOnboarding({ loaderData }: Route.ComponentProps) {
  const { profile, idempotencyKey } = loaderData
  const { t } = useTranslation('financeSetup')
  const { locale } = useRootData()
  const format = useFormatter()
  const answer = useActionData<typeof action>()
  const failed = answer && !answer.ok ? answer : undefined
  const statusText =
    profile.status === 'pending'
      ? t('onboarding.status.pending', { date: profile.submittedAt ? format.dateTime(profile.submittedAt) : '' })
      : t(`onboarding.status.${profile.status}`, { reason: profile.reviewReason })
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('onboarding.title')}</h1>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('onboarding.intro')}</p>
      </div>
      <Alert tone={STATUS_TONE[profile.status]} title={t(`kycStatus.${profile.status}`)}>
        <p>{statusText}</p>
        {profile.status === 'draft' && profile.reviewReason ? <p>{t('onboarding.status.lastReview', { reason: profile.reviewReason })}</p> : null}
      </Alert>
      {answer?.ok ? <Alert tone="success">{answer.intent === 'submit' ? t('onboarding.submitted') : t('onboarding.saved')}</Alert> : null}
      {failed?.formError?.code === 'validation_failed' ? <Alert tone="error">{t('onboarding.incomplete')}</Alert> : <FormError error={failed?.formError} />}
      {profile.canEdit ? null : profile.status !== 'pending' ? <Alert tone="info">{t('onboarding.readOnly')}</Alert> : null}
      <KycForm key={profile.version} profile={profile} idempotencyKey={idempotencyKey} fieldErrors={failed?.fieldErrors} />
      {profile.canSubmit ? (
        <ConfirmDialog
          triggerLabel={t('onboarding.submit')}
          triggerVariant="primary"
          confirmVariant="primary"
          title={t('onboarding.submitTitle')}
          description={t('onboarding.submitDescription')}
          confirmLabel={t('onboarding.submitConfirm')}
        >
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="version" value={profile.version} />
          <p className="text-sm text-muted-foreground">{t('onboarding.submitUnsaved')}</p>
        </ConfirmDialog>
      ) : null}
      <Card aria-labelledby="bank-accounts-link-title">
        <CardHeader>
          <CardTitle id="bank-accounts-link-title">{t('bankAccounts.title')}</CardTitle>
          <CardDescription>{t('onboarding.bankAccountsLink')}</CardDescription>
        </CardHeader>
        <Link to={localizePath(locale, FINANCE_PAGES.settings)} className={buttonClasses('secondary', 'w-fit')}>
          {t('onboarding.openSettings')}
        </Link>
      </Card>
    </div>
  )
}

function KycForm({ profile, idempotencyKey, fieldErrors }: { profile: Profile; idempotencyKey: string; fieldErrors: Record<string, string[]> | undefined }) {
  const { t } = useTranslation('financeSetup')
  const { locale } = useRootData()
  const navigation = useNavigation()
  const fieldError = useFieldErrors(fieldErrors, 'financeSetup')
  // Row keys outlive removals, so each row keeps its own typed values.
  const [owners, setOwners] = useState(() => profile.beneficialOwners.map((owner) => ({ key: randomKey(), owner })))
  const [documents, setDocuments] = useState(profile.documents)
  const countries = countryOptions(locale)
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-6">
      <input type="hidden" name="version" value={profile.version} />
      <IdempotencyField value={idempotencyKey} />
      <fieldset disabled={!profile.canEdit} className="flex min-w-0 flex-col gap-6">
        <Card aria-labelledby="kyc-company-title">
          <CardHeader>
            <CardTitle id="kyc-company-title">{t('onboarding.company')}</CardTitle>
          </CardHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('onboarding.legalName')} name="legalName" defaultValue={profile.legalName} errors={fieldError('legalName')} />
            <Field
              label={t('onboarding.registrationNumber')}
              name="registrationNumber"
              defaultValue={profile.registrationNumber}
              errors={fieldError('registrationNumber')}
            />
            <FormField label={t('onboarding.registrationCountry')} errors={fieldError('registrationCountry')}>
              {(control) => (
                <NativeSelect name="registrationCountry" defaultValue={profile.registrationCountry} {...control}>
                  <option value="">{t('fields.chooseCountry')}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Field label={t('onboarding.directorName')} name="directorName" defaultValue={profile.directorName} errors={fieldError('directorName')} />
            <FormField label={t('onboarding.registeredAddress')} errors={fieldError('registeredAddress')} className="sm:col-span-2">
              {(control) => <Textarea name="registeredAddress" rows={3} maxLength={500} defaultValue={profile.registeredAddress} {...control} />}
            </FormField>
          </div>
        </Card>
        <Card aria-labelledby="kyc-owners-title">
          <CardHeader>
            <CardTitle id="kyc-owners-title">{t('onboarding.owners')}</CardTitle>
            <CardDescription>{t('onboarding.ownersHint')}</CardDescription>
          </CardHeader>
          {fieldError('beneficialOwners')?.map((message) => (
            <p key={message} className="mb-2 text-sm text-destructive" role="alert">
              {message}
            </p>
          ))}
          {owners.length === 0 ? <p className="text-sm text-muted-foreground">{t('onboarding.noOwners')}</p> : null}
          <ol className="flex flex-col gap-4">
            {owners.map((row, index) => (
              <OwnerRow
                key={row.key}
                index={index}
                owner={row.owner}
                countries={countries}
                fieldError={fieldError}
                onRemove={() => setOwners((current) => current.filter((other) => other.key !== row.key))}
              />
            ))}
          </ol>
          {profile.canEdit ? (
            <Button
              type="button"
              variant="secondary"
              className="mt-4 w-fit"
              disabled={owners.length >= MAX_BENEFICIAL_OWNERS}
              onClick={() =>
                setOwners((current) => [...current, { key: randomKey(), owner: { name: '', nationality: '', ownershipPercent: '', dateOfBirth: '' } }])
              }
            >
              <Plus aria-hidden="true" />
              {t('onboarding.addOwner')}
            </Button>
          ) : null}
        </Card>
        <Card aria-labelledby="kyc-documents-title">
          <CardHeader>
            <CardTitle id="kyc-documents-title">{t('onboarding.documents')}</CardTitle>
            <CardDescription>{t('onboarding.documentsHint')}</CardDescription>
          </CardHeader>
          <div className="grid gap-6 sm:grid-cols-2">
            {KYC_DOCUMENT_KINDS.map((kind) => (
              <div key={kind} className="flex min-w-0 flex-col gap-2">
                <h3 className="font-medium">{t(`onboarding.${kind}Documents`)}</h3>
                <ul className="flex flex-col gap-1">
                  {documents
                    .filter((document) => document.kind === kind)
                    .map((document) => (
                      <li key={document.fileId} className="flex items-center justify-between gap-2 text-sm">
                        <input type="hidden" name="document" value={`${document.kind}:${document.fileId}`} />
                        <a href={fileContentUrl(document.fileId)} className="min-w-0 truncate text-primary underline">
                          {document.name}
                        </a>
                        {profile.canEdit ? (
                          <Button
                            type="button"
                            size="sm"
                            variant="ghost"
                            aria-label={t('onboarding.removeDocument', { name: document.name })}
                            onClick={() => setDocuments((current) => current.filter((other) => other.fileId !== document.fileId))}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        ) : null}
                      </li>
                    ))}
                </ul>
                {documents.some((document) => document.kind === kind) ? null : <p className="text-sm text-muted-foreground">{t('onboarding.noDocuments')}</p>}
                {profile.canEdit ? (
                  <FormField label={t(`onboarding.${kind}Documents`)} errors={fieldError(`${kind}Documents`)}>
                    {(control) => <Input type="file" name={`${kind}Files`} accept={FILE_ACCEPT.verification} multiple {...control} />}
                  </FormField>
                ) : null}
              </div>
            ))}
          </div>
        </Card>
      </fieldset>
      {profile.canEdit ? (
        <Button type="submit" className="w-fit" disabled={busy}>
          {busy ? t('onboarding.saving') : t('onboarding.save')}
        </Button>
      ) : null}
    </Form>
  )
}

const randomKey = () => Math.random().toString(36).slice(2)

type OwnerRowProps = {
  index: number
  owner: Owner
  countries: ReturnType<typeof countryOptions>
  fieldError: (field: string) => string[] | undefined
  onRemove: () => void
}

function OwnerRow({ index, owner, countries, fieldError, onRemove }: OwnerRowProps) {
  const { t } = useTranslation('financeSetup')
  const name = (field: keyof Owner) => `beneficialOwners.${index}.${field}`
  const number = index + 1
  return (
    <li className="flex flex-col gap-3 rounded-md border border-border p-4" aria-labelledby={`owner-${number}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`owner-${number}`} className="font-medium">
          {t('onboarding.owner', { number })}
        </h3>
        <Button type="button" size="sm" variant="ghost" className="text-destructive" onClick={onRemove} aria-label={t('onboarding.removeOwner', { number })}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('onboarding.ownerName')} name={name('name')} defaultValue={owner.name} errors={fieldError(name('name'))} />
        <FormField label={t('onboarding.nationality')} errors={fieldError(name('nationality'))}>
          {(control) => (
            <NativeSelect name={name('nationality')} defaultValue={owner.nationality} {...control}>
              <option value="">{t('fields.chooseCountry')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Field
          label={t('onboarding.ownershipPercent')}
          name={name('ownershipPercent')}
          inputMode="decimal"
          defaultValue={owner.ownershipPercent}
          errors={fieldError(name('ownershipPercent'))}
        />
        <Field
          label={t('onboarding.dateOfBirth')}
          name={name('dateOfBirth')}
          type="date"
          defaultValue={owner.dateOfBirth}
          errors={fieldError(name('dateOfBirth'))}
        />
      </div>
    </li>
  )
}
