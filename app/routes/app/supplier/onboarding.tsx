import { CircleCheck, CircleDashed } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import {
  ApplicationMessageInput,
  canSubmitApplication,
  MAX_APPLICATION_DOCUMENTS,
  MAX_APPLICATION_MESSAGE,
  SupplierApplicationHistory,
  SupplierFileField,
  SupplierTypeCards,
  SupplierTypeInput,
  VerificationStatusBadge,
  VerifiedBadge,
} from '../../../modules/companies/index'
import { FILE_ACCEPT } from '../../../modules/kernel/index'
import { getSupplierProfile, myApplications, requireActor, submitApplicationWithUploads } from '../../../modules/companies/index.server'
import { uploadLimitFor } from '../../../modules/kernel/index.server'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/onboarding'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const meta = pageData(ctx.locale, 'suppliers', 'onboarding.metaTitle', PAGE_MESSAGES.supplierOnboarding)
  if (!ctx.actor.companyId) return { ...meta, supplier: null }
  const [profile, applications] = await withRouteErrors(() => Promise.all([getSupplierProfile(ctx), myApplications(ctx)]))
  return {
    ...meta,
    supplier: {
      profile: {
        displayName: profile.displayName,
        supplierType: profile.supplierType,
        verificationStatus: profile.verificationStatus,
        verifiedAt: profile.verifiedAt?.toISOString() ?? null,
        profileFilled: profile.capabilities.length > 0 || profile.exportMarkets.length > 0 || Object.values(profile.description).some(Boolean),
      },
      applications: applications.map((application) => ({
        ...application,
        submittedAt: application.submittedAt.toISOString(),
        reviewedAt: application.reviewedAt?.toISOString() ?? null,
      })),
      canApply: canSubmitApplication(ctx.actor.memberRole, profile.verificationStatus),
      documentMaxBytes: uploadLimitFor('verification'),
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const type = parseForm(SupplierTypeInput, form)
  const message = parseForm(ApplicationMessageInput, form)
  if (!type.ok || !message.ok) return failure({ ok: false, fieldErrors: { ...(type.ok ? {} : type.fieldErrors), ...(message.ok ? {} : message.fieldErrors) } })
  const documents = (await Promise.all(form.getAll('documents').map(uploadFromForm))).filter((file) => file !== null)
  try {
    await submitApplicationWithUploads(ctx, { supplierType: type.data.supplierType, documents, message: message.data.message })
  } catch (error) {
    return failureFromError(error)
  }
  return redirect(`${localizePath(ctx.locale, '/app/supplier/onboarding')}?submitted=1`)
}

function ChecklistItem({ done, title, children }: { done: boolean; title: string; children?: ReactNode }) {
  const { t } = useTranslation('suppliers')
  const Icon = done ? CircleCheck : CircleDashed
  return (
    <li className="flex gap-3 py-3">
      <Icon aria-hidden="true" className={done ? 'mt-0.5 size-5 shrink-0 text-status-accept' : 'mt-0.5 size-5 shrink-0 text-muted-foreground'} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">
          {title}
          <span className="sr-only"> {done ? t('onboarding.done') : t('onboarding.remaining')}</span>
        </p>
        {children}
      </div>
    </li>
  )
}

export default function SupplierOnboarding() {
  const { t } = useTranslation('suppliers')
  const { t: common } = useTranslation('common')
  const { locale } = useRootData()
  const { supplier } = useLoaderData<typeof loader>()
  const [search] = useSearchParams()
  // Only an error code (snake_case) names a message; anything else in the address reads as an internal error.
  const incomplete = search.get('incomplete')
  const incompleteCode = incomplete && /^[a-z_]+$/.test(incomplete) ? incomplete : 'internal'
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('onboarding.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('onboarding.intro')}</p>
      </div>
      {search.get('submitted') ? (
        <Alert tone="success" title={t('onboarding.submittedTitle')}>
          {t('onboarding.submittedBody')}
        </Alert>
      ) : null}
      {incomplete ? (
        <Alert tone="warning" title={t('onboarding.incompleteTitle')}>
          {common(`errors.${incompleteCode}`, { defaultValue: common('errors.internal') })} {t('onboarding.incompleteBody')}
        </Alert>
      ) : null}
      {supplier ? (
        <SupplierChecklist supplier={supplier} locale={locale} />
      ) : (
        <Card aria-labelledby="no-company-title">
          <CardHeader>
            <CardTitle id="no-company-title">{t('onboarding.noCompanyTitle')}</CardTitle>
            <CardDescription>{t('onboarding.noCompanyBody')}</CardDescription>
          </CardHeader>
          <Link to={localizePath(locale, '/supplier/onboard')} className={buttonClasses('primary', 'w-fit')}>
            {t('onboarding.startApplication')}
          </Link>
        </Card>
      )}
    </div>
  )
}

type SupplierData = NonNullable<Awaited<ReturnType<typeof loader>>['supplier']>

function SupplierChecklist({ supplier, locale }: { supplier: SupplierData; locale: Locale }) {
  const { t } = useTranslation('suppliers')
  const format = useFormatter()
  const { profile, applications, canApply } = supplier
  const latest = applications[0]
  const status = profile.verificationStatus
  return (
    <>
      <Card aria-labelledby="checklist-title">
        <CardHeader>
          <CardTitle id="checklist-title">{t('onboarding.checklistTitle', { company: profile.displayName })}</CardTitle>
        </CardHeader>
        <ol className="divide-y divide-border">
          <ChecklistItem done={profile.supplierType !== null} title={t('onboarding.typeStep')}>
            <p className="text-sm text-muted-foreground">{profile.supplierType ? t(`types.${profile.supplierType}.label`) : t('onboarding.typeMissing')}</p>
            <Link to={localizePath(locale, '/app/supplier/supplier-type')} className="w-fit text-sm text-primary underline">
              {profile.supplierType ? t('onboarding.changeType') : t('onboarding.chooseType')}
            </Link>
          </ChecklistItem>
          <ChecklistItem done={profile.profileFilled} title={t('onboarding.profileStep')}>
            <p className="text-sm text-muted-foreground">{profile.profileFilled ? t('onboarding.profileFilled') : t('onboarding.profileMissing')}</p>
            <Link to={localizePath(locale, '/app/supplier/setting')} className="w-fit text-sm text-primary underline">
              {t('onboarding.editProfile')}
            </Link>
          </ChecklistItem>
          <ChecklistItem done={(latest?.documentCount ?? 0) > 0} title={t('onboarding.documentsStep')}>
            <p className="text-sm text-muted-foreground">
              {latest ? t('onboarding.documentsSent', { count: latest.documentCount }) : t('onboarding.documentsMissing')}
            </p>
          </ChecklistItem>
          <ChecklistItem done={status === 'accept'} title={t('onboarding.reviewStep')}>
            <div className="flex flex-wrap items-center gap-2">
              <VerificationStatusBadge status={status} />
              <VerifiedBadge status={status} />
            </div>
            {status === 'pending' && latest ? (
              <p className="text-sm text-muted-foreground">{t('onboarding.pendingSince', { date: format.dateTime(latest.submittedAt) })}</p>
            ) : null}
            {status === 'accept' && profile.verifiedAt ? (
              <p className="text-sm text-muted-foreground">{t('onboarding.verifiedSince', { date: format.date(profile.verifiedAt) })}</p>
            ) : null}
            {status === 'reject' && latest?.reviewNote ? (
              <Alert tone="error" title={t('onboarding.rejectedTitle')}>
                <p className="whitespace-pre-wrap">{latest.reviewNote}</p>
              </Alert>
            ) : null}
          </ChecklistItem>
        </ol>
      </Card>
      {status === 'unverified' || status === 'reject' ? <ApplyCard supplier={supplier} canApply={canApply} /> : null}
      {applications.length > 0 ? (
        <Card aria-labelledby="history-title">
          <CardHeader>
            <CardTitle id="history-title">{t('onboarding.historyTitle')}</CardTitle>
          </CardHeader>
          <SupplierApplicationHistory items={applications} headingId="history-title" />
        </Card>
      ) : null}
    </>
  )
}

function ApplyCard({ supplier, canApply }: { supplier: SupplierData; canApply: boolean }) {
  const { t } = useTranslation('suppliers')
  const actionData = useActionData<typeof action>()
  const fieldErrors = actionData && !actionData.ok ? actionData.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'suppliers')
  const navigation = useNavigation()
  const reapply = supplier.profile.verificationStatus === 'reject'
  return (
    <Card aria-labelledby="apply-title">
      <CardHeader>
        <CardTitle id="apply-title">{reapply ? t('onboarding.reapplyTitle') : t('onboarding.applyTitle')}</CardTitle>
        <CardDescription>{reapply ? t('onboarding.reapplyBody') : t('onboarding.applyBody')}</CardDescription>
      </CardHeader>
      {canApply ? (
        <Form method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
          <FormError error={actionData && !actionData.ok ? actionData.formError : undefined} />
          <SupplierTypeCards legend={t('fields.supplierType')} defaultValue={supplier.profile.supplierType} errors={fieldError('supplierType')} />
          <SupplierFileField
            name="documents"
            label={t('fields.documents')}
            hint={t('fields.documentsHint', { count: MAX_APPLICATION_DOCUMENTS })}
            accept={FILE_ACCEPT.verification}
            maxSize={supplier.documentMaxBytes}
            multiple
            required
            errors={fieldError('documents') ?? fieldError('documentFileIds')}
          />
          <FormField label={t('fields.message')} hint={t('fields.messageHint')} errors={fieldError('message')}>
            {(control) => <Textarea name="message" maxLength={MAX_APPLICATION_MESSAGE} rows={4} {...control} />}
          </FormField>
          <Button type="submit" className="w-fit" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? t('onboard.submitting') : reapply ? t('onboarding.reapply') : t('onboard.submit')}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground">{t('onboarding.onlyAdmins')}</p>
      )}
    </Card>
  )
}
