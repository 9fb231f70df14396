import { Award, History, ImageUp, Trash2 } from 'lucide-react'
import { Form, Link, redirect, useLoaderData, useNavigation, useSearchParams } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { useIntentResult } from '../../../components/use-intent-result'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { Field, FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import {
  AddCertificationInput,
  CompanyFields,
  canDeleteCompany,
  canEditCompany,
  DeleteCompanyInput,
  DESCRIPTION_FIELDS,
  SettingsNav,
  UpdateCompanyInput,
  VerificationStatusBadge,
} from '../../../modules/companies/index'
import { AUDIT_ACTIONS, AuditQuery, fileContentUrl, fileThumbnailUrl } from '../../../modules/kernel/index'
import {
  addCertification,
  deleteCompany,
  getCompanyProfile,
  leaveCompany,
  listCertifications,
  removeCertification,
  requireActor,
  updateCompanyProfile,
} from '../../../modules/companies/index.server'
import { listCompanyAudit, uploadFile } from '../../../modules/kernel/index.server'
import { countryName } from '../../../platform/countries'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { failure, failureFromError, formToObject, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { translator } from '../../../platform/i18n/translate.server'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/index'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const auditQuery = AuditQuery.safeParse(search)
  const canSeeActivity = canEditCompany(ctx.actor)
  const [profile, certifications, activity] = await withRouteErrors(() =>
    Promise.all([
      getCompanyProfile(ctx),
      listCertifications(ctx),
      canSeeActivity ? listCompanyAudit(ctx, auditQuery.success ? auditQuery.data : AuditQuery.parse({})) : Promise.resolve(null),
    ]),
  )
  return {
    ...pageData(ctx.locale, 'companies', 'settings.metaTitle'),
    profile,
    certifications,
    activity,
    canEdit: canEditCompany(ctx.actor),
    canDelete: canDeleteCompany(ctx.actor),
    role: ctx.actor.memberRole,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'profile') {
      const parsed = parseForm(UpdateCompanyInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      const logo = await uploadFromForm(form.get('logo'))
      const logoFileId = logo ? (await uploadFile(ctx, { purpose: 'logo', ...logo })).id : form.get('removeLogo') === 'on' ? null : undefined
      await updateCompanyProfile(ctx, { ...parsed.data, logoFileId })
      return { ok: true as const, intent }
    }
    if (intent === 'add-certification') {
      const parsed = parseForm(AddCertificationInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      const upload = await uploadFromForm(form.get('file'))
      const fileId = upload ? (await uploadFile(ctx, { purpose: 'certification', ...upload })).id : undefined
      await addCertification(ctx, { ...parsed.data, fileId })
      return { ok: true as const, intent }
    }
    if (intent === 'remove-certification') {
      await removeCertification(ctx, String(form.get('certificationId') ?? ''))
      return { ok: true as const, intent }
    }
    if (intent === 'leave') {
      await leaveCompany(ctx)
      return redirect(localizePath(ctx.locale, '/app/dashboard'))
    }
    if (intent === 'delete') {
      const parsed = DeleteCompanyInput.safeParse(formToObject(form))
      if (!parsed.success) return failure({ ok: false, fieldErrors: { confirmName: ['validation.confirmName'] } }, 422, { intent })
      await deleteCompany(ctx, parsed.data.confirmName)
      return redirect(localizePath(ctx.locale, '/app/dashboard'))
    }
    return failure({ ok: false, fieldErrors: {}, formError: { code: 'bad_request', message: translator(ctx.locale)('errors.bad_request') } }, 400, { intent })
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

function ProfileSection() {
  const { t } = useTranslation('companies')
  const { locale } = useRootData()
  const { profile, canEdit } = useLoaderData<typeof loader>()
  const result = useIntentResult('profile')
  const fieldError = useFieldErrors(result.fieldErrors, 'companies')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title" className="flex items-center gap-2">
          {t('settings.profileTitle')}
          <VerificationStatusBadge status={profile.verificationStatus} />
        </CardTitle>
        <CardDescription>{canEdit ? t('settings.profileBody') : t('settings.readOnly')}</CardDescription>
      </CardHeader>
      {result.done ? (
        <Alert tone="success" className="mb-4">
          {t('settings.saved')}
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <FormError error={result.formError} />
        <fieldset disabled={!canEdit} className="flex flex-col gap-6">
          <legend className="sr-only">{t('settings.profileTitle')}</legend>
          <div className="flex flex-wrap items-center gap-4">
            {profile.logoFileId ? (
              <img
                src={fileThumbnailUrl(profile.logoFileId)}
                alt={t('settings.logoAlt', { company: profile.displayName })}
                className="size-16 rounded-md border border-border object-contain"
                width={64}
                height={64}
              />
            ) : (
              <span aria-hidden className="flex size-16 items-center justify-center rounded-md border border-dashed border-border text-muted-foreground">
                <ImageUp className="size-6" />
              </span>
            )}
            <Field
              label={t('settings.logo')}
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hint={t('settings.logoHint')}
              errors={fieldError('logo')}
              className="max-w-sm"
            />
            {profile.logoFileId ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeLogo" className="size-4" />
                {t('settings.removeLogo')}
              </label>
            ) : null}
          </div>
          <CompanyFields values={profile} locale={locale} errors={fieldError} />
          <div className="grid gap-4">
            {DESCRIPTION_FIELDS.map(([name, language]) => (
              <FormField key={name} label={t(`settings.description.${name}`)} errors={fieldError(name)}>
                {(control) => (
                  <Textarea name={name} lang={language} defaultValue={profile.description[language] ?? ''} maxLength={4000} rows={4} {...control} />
                )}
              </FormField>
            ))}
          </div>
          {canEdit ? (
            <div>
              <Button type="submit" disabled={submitting}>
                {t('settings.save')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </Form>
    </Card>
  )
}

function CertificationsSection() {
  const { t } = useTranslation('companies')
  const { certifications, canEdit } = useLoaderData<typeof loader>()
  const format = useFormatter()
  const added = useIntentResult('add-certification')
  const removed = useIntentResult('remove-certification')
  const fieldError = useFieldErrors(added.fieldErrors, 'companies')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="certifications-title">
      <CardHeader>
        <CardTitle id="certifications-title">{t('settings.certificationsTitle')}</CardTitle>
        <CardDescription>{t('settings.certificationsBody')}</CardDescription>
      </CardHeader>
      <FormError error={removed.formError} />
      {certifications.length === 0 ? (
        <EmptyState icon={Award} title={t('settings.noCertifications')} />
      ) : (
        <ul className="divide-y divide-border">
          {certifications.map((certification) => (
            <li key={certification.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{certification.name}</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    certification.issuer,
                    certification.certificateNumber,
                    certification.validUntil ? t('settings.validUntil', { date: format.date(certification.validUntil) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {certification.fileId ? (
                  <a href={fileContentUrl(certification.fileId)} className="text-sm text-primary underline" target="_blank" rel="noreferrer">
                    {t('settings.viewCertificate')}
                  </a>
                ) : null}
              </div>
              {canEdit ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-certification" />
                  <input type="hidden" name="certificationId" value={certification.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={submitting}
                    aria-label={t('settings.removeCertification', { name: certification.name })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 grid gap-4 border-t border-border pt-4 sm:grid-cols-2"
          noValidate
          key={added.done ? `added-${certifications.length}` : 'form'}
        >
          <h3 className="text-sm font-semibold sm:col-span-2">{t('settings.addCertification')}</h3>
          <input type="hidden" name="intent" value="add-certification" />
          <div className="sm:col-span-2">
            <FormError error={added.formError} />
          </div>
          <Field label={t('settings.certificationName')} name="name" required maxLength={120} errors={fieldError('name')} />
          <Field label={t('settings.certificationIssuer')} name="issuer" maxLength={120} errors={fieldError('issuer')} />
          <Field label={t('settings.certificationNumber')} name="certificateNumber" maxLength={80} errors={fieldError('certificateNumber')} />
          <Field label={t('settings.certificationValidUntil')} name="validUntil" type="date" errors={fieldError('validUntil')} />
          <Field
            label={t('settings.certificationFile')}
            name="file"
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            errors={fieldError('file')}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={submitting}>
              {t('settings.addCertificationSubmit')}
            </Button>
          </div>
        </Form>
      ) : null}
    </Card>
  )
}

function ActivitySection() {
  const { t } = useTranslation('companies')
  const { activity } = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const format = useFormatter()
  if (!activity) return null
  const hrefFor = (offset: number) => {
    const next = new URLSearchParams(searchParams)
    next.set('offset', String(offset))
    return `?${next.toString()}#activity-title`
  }
  return (
    <Card aria-labelledby="activity-title">
      <CardHeader>
        <CardTitle id="activity-title">{t('activity.title')}</CardTitle>
        <CardDescription>{t('activity.body')}</CardDescription>
      </CardHeader>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" preventScrollReset>
        <FormField label={t('activity.action')} className="w-56">
          {(control) => (
            <NativeSelect name="action" defaultValue={searchParams.get('action') ?? ''} {...control}>
              <option value="">{t('activity.allActions')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`activity.actions.${action}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Field label={t('activity.from')} name="from" type="date" defaultValue={searchParams.get('from') ?? ''} className="w-44" />
        <Field label={t('activity.to')} name="to" type="date" defaultValue={searchParams.get('to') ?? ''} className="w-44" />
        <Button type="submit" variant="secondary">
          {t('activity.filter')}
        </Button>
      </Form>
      {activity.items.length === 0 ? (
        <EmptyState icon={History} title={t('activity.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <Table stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('activity.when')}</TableHead>
                <TableHead>{t('activity.who')}</TableHead>
                <TableHead>{t('activity.what')}</TableHead>
                <TableHead>{t('activity.change')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {activity.items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{format.dateTime(entry.createdAt)}</TableCell>
                  <TableCell label={t('activity.who')}>{entry.actorName ?? t('activity.unknownActor')}</TableCell>
                  <TableCell label={t('activity.what')}>
                    <Badge variant="outline">{t(`activity.actions.${entry.action}`)}</Badge>
                  </TableCell>
                  <TableCell label={t('activity.change')} className="max-w-md text-xs text-muted-foreground">
                    <ChangeSummary before={entry.before} after={entry.after} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination total={activity.total} offset={activity.offset} limit={activity.limit} hrefFor={hrefFor} />
    </Card>
  )
}

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.join(', ')
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .filter(Boolean)
      .join(' / ')
  return String(value)
}

/** Before → after per field, as recorded in the audit entry. */
function ChangeSummary({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  if (fields.length === 0) return <span>—</span>
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2">
      {fields.slice(0, 6).map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium">{field}</dt>
          <dd className="truncate">
            {before && field in before ? `${display(before[field])} → ` : ''}
            {display(after?.[field])}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function DangerZone() {
  const { t } = useTranslation('companies')
  const { locale } = useRootData()
  const { profile, canDelete, role } = useLoaderData<typeof loader>()
  const left = useIntentResult('leave')
  const deleted = useIntentResult('delete')
  const fieldError = useFieldErrors(deleted.fieldErrors, 'companies')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="danger-title" className="border-destructive/50">
      <CardHeader>
        <CardTitle id="danger-title">{t('danger.title')}</CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="leave-title" className="flex flex-col gap-2">
          <h3 id="leave-title" className="font-medium">
            {t('danger.leaveTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{role === 'owner' ? t('danger.leaveOwnerBody') : t('danger.leaveBody')}</p>
          <FormError error={left.formError} />
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" variant="secondary" disabled={submitting}>
              {t('danger.leave', { company: profile.displayName })}
            </Button>
            {role === 'owner' ? (
              <Link to={localizePath(locale, '/app/settings/team')} className="self-center text-sm text-primary underline">
                {t('danger.transferLink')}
              </Link>
            ) : null}
          </Form>
        </section>
        {canDelete ? (
          <section aria-labelledby="delete-title" className="flex flex-col gap-2 border-t border-border pt-4">
            <h3 id="delete-title" className="font-medium">
              {t('danger.deleteTitle')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('danger.deleteBody')}</p>
            <FormError error={deleted.formError} />
            <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="delete" />
              <Field
                label={t('danger.confirmLabel', { company: profile.displayName })}
                name="confirmName"
                autoComplete="off"
                required
                errors={fieldError('confirmName')}
                className="w-72"
              />
              <Button type="submit" variant="danger" disabled={submitting}>
                {t('danger.delete')}
              </Button>
            </Form>
          </section>
        ) : null}
      </div>
    </Card>
  )
}

export default function CompanySettings() {
  const { t } = useTranslation('companies')
  const { locale } = useRootData()
  const { profile } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
        <p className="text-sm text-muted-foreground">
          {profile.legalName} · {countryName(profile.country, locale)}
        </p>
      </div>
      <SettingsNav locale={locale} />
      <ProfileSection />
      <CertificationsSection />
      <ActivitySection />
      <DangerZone />
    </div>
  )
}
