import { ImageOff, Trash2 } from 'lucide-react'
import { Form, Link, useLoaderData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { useIntentResult } from '../../../components/use-intent-result'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { Field, FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import {
  AddCertificationInput,
  canEditCompany,
  DESCRIPTION_FIELDS,
  MAX_FACTORY_PHOTOS,
  SupplierFileField,
  SupplierMarketsField,
  UpdateSupplierProfileInput,
  VerificationStatusBadge,
} from '../../../modules/companies/index'
import { FILE_ACCEPT, fileContentUrl, fileThumbnailUrl } from '../../../modules/kernel/index'
import {
  addCertificationWithFile,
  addFactoryPhotos,
  getSupplierProfile,
  listCertifications,
  removeCertification,
  removeFactoryPhoto,
  removeSupplierBanner,
  replaceSupplierBanner,
  requireActor,
  updateSupplierProfile,
} from '../../../modules/companies/index.server'
import { uploadLimitFor } from '../../../modules/kernel/index.server'
import { uploadFromForm } from '../../../platform/files/upload-form.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { translator } from '../../../platform/i18n/translate.server'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/setting'
import { PAGE_MESSAGES } from '../../page-messages'

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const [profile, certifications] = await withRouteErrors(() => Promise.all([getSupplierProfile(ctx), listCertifications(ctx)]))
  return {
    ...pageData(ctx.locale, 'suppliers', 'setting.metaTitle', PAGE_MESSAGES.supplierSetting),
    // Certification field errors come from the shared company schema and its catalog.
    profile: {
      displayName: profile.displayName,
      verificationStatus: profile.verificationStatus,
      capabilities: profile.capabilities,
      exportMarkets: profile.exportMarkets,
      description: profile.description,
    },
    logoSrc: profile.logoFileId ? fileThumbnailUrl(profile.logoFileId) : null,
    bannerSrc: profile.bannerFileId ? fileContentUrl(profile.bannerFileId) : null,
    photos: profile.factoryPhotos.map((photo) => ({
      id: photo.id,
      name: photo.name,
      src: photo.hasThumbnail ? fileThumbnailUrl(photo.id) : fileContentUrl(photo.id),
      href: fileContentUrl(photo.id),
    })),
    certifications: certifications.map((certification) => ({ ...certification, href: certification.fileId ? fileContentUrl(certification.fileId) : null })),
    canEdit: canEditCompany(ctx.actor),
    photoMaxBytes: uploadLimitFor('factory_photo'),
    bannerMaxBytes: uploadLimitFor('banner'),
    certificateMaxBytes: uploadLimitFor('certification'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

async function uploadsOf(form: FormData, field: string) {
  return (await Promise.all(form.getAll(field).map(uploadFromForm))).filter((file) => file !== null)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    switch (intent) {
      case 'profile': {
        const parsed = parseForm(UpdateSupplierProfileInput, form)
        if (!parsed.ok) return failure(parsed, 422, { intent })
        await updateSupplierProfile(ctx, parsed.data)
        return { ok: true as const, intent }
      }
      case 'banner': {
        const [banner = null] = await uploadsOf(form, 'banner')
        await replaceSupplierBanner(ctx, banner)
        return { ok: true as const, intent }
      }
      case 'remove-banner':
        await removeSupplierBanner(ctx)
        return { ok: true as const, intent }
      case 'add-photos':
        await addFactoryPhotos(ctx, await uploadsOf(form, 'photos'))
        return { ok: true as const, intent }
      case 'remove-photo':
        await removeFactoryPhoto(ctx, String(form.get('fileId') ?? ''))
        return { ok: true as const, intent }
      case 'add-certification': {
        const parsed = parseForm(AddCertificationInput, form)
        if (!parsed.ok) return failure(parsed, 422, { intent })
        const [certificate = null] = await uploadsOf(form, 'certificate')
        await addCertificationWithFile(ctx, parsed.data, certificate)
        return { ok: true as const, intent }
      }
      case 'remove-certification':
        await removeCertification(ctx, String(form.get('certificationId') ?? ''))
        return { ok: true as const, intent }
      default:
        return failure({ ok: false, fieldErrors: {}, formError: { code: 'bad_request', message: translator(ctx.locale)('errors.bad_request') } }, 400, {
          intent,
        })
    }
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

/** A one-button form that removes one item of a list (a photo, a certification). */
function RemoveForm({ intent, field, value, label, disabled }: { intent: string; field: string; value: string; label: string; disabled: boolean }) {
  const { t } = useTranslation('suppliers')
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={value} />
      <Button type="submit" variant="ghost" size="sm" disabled={disabled} aria-label={label}>
        <Trash2 aria-hidden="true" />
        {t('setting.remove')}
      </Button>
    </Form>
  )
}

export default function SupplierSetting() {
  const { t } = useTranslation('suppliers')
  const { profile } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{t('setting.title')}</h1>
        <VerificationStatusBadge status={profile.verificationStatus} />
      </div>
      <ProfileSection />
      <BrandingSection />
      <PhotosSection />
      <CertificationsSection />
    </div>
  )
}

function ProfileSection() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { profile, canEdit } = useLoaderData<typeof loader>()
  const result = useIntentResult('profile')
  const fieldError = useFieldErrors(result.fieldErrors, 'suppliers')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="profile-title">
      <CardHeader>
        <CardTitle id="profile-title">{t('setting.profileTitle')}</CardTitle>
        <CardDescription>{canEdit ? t('setting.profileBody') : t('setting.readOnly')}</CardDescription>
      </CardHeader>
      {result.done ? (
        <Alert tone="success" className="mb-4">
          {t('setting.saved')}
        </Alert>
      ) : null}
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="profile" />
        <FormError error={result.formError} />
        <fieldset disabled={!canEdit} className="flex flex-col gap-4">
          <legend className="sr-only">{t('setting.profileTitle')}</legend>
          <Field
            label={t('fields.capabilities')}
            name="capabilities"
            defaultValue={profile.capabilities.join(', ')}
            hint={t('fields.capabilitiesHint')}
            errors={fieldError('capabilities')}
          />
          <SupplierMarketsField
            name="exportMarkets"
            label={t('fields.exportMarkets')}
            locale={locale}
            defaultValue={profile.exportMarkets}
            errors={fieldError('exportMarkets')}
          />
          {DESCRIPTION_FIELDS.map(([name, language]) => (
            <FormField key={name} label={t(`setting.description.${name}`)} errors={fieldError(name)}>
              {(control) => <Textarea name={name} lang={language} defaultValue={profile.description[language] ?? ''} maxLength={4000} rows={4} {...control} />}
            </FormField>
          ))}
          {canEdit ? (
            <Button type="submit" className="w-fit" disabled={submitting}>
              {t('setting.save')}
            </Button>
          ) : null}
        </fieldset>
      </Form>
    </Card>
  )
}

/** The banner across the top of the public profile (uploaded here) beside the logo (changed in the company settings). */
function BrandingSection() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { profile, logoSrc, bannerSrc, canEdit, bannerMaxBytes } = useLoaderData<typeof loader>()
  const result = useIntentResult('banner', 'remove-banner')
  const fieldError = useFieldErrors(result.fieldErrors, 'suppliers')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="branding-title">
      <CardHeader>
        <CardTitle id="branding-title">{t('setting.bannerTitle')}</CardTitle>
        <CardDescription>{t('setting.bannerBody')}</CardDescription>
      </CardHeader>
      {result.done ? (
        <Alert tone="success" className="mb-4">
          {result.done === 'banner' ? t('setting.bannerSaved') : t('setting.bannerRemoved')}
        </Alert>
      ) : null}
      <FormError error={result.formError} />
      <div className="flex flex-col gap-4">
        {bannerSrc ? (
          <img
            src={bannerSrc}
            alt={t('setting.bannerAlt')}
            width={1200}
            height={300}
            className="aspect-[4/1] w-full rounded-md border border-border object-cover"
          />
        ) : (
          <EmptyState icon={ImageOff} title={t('setting.noBanner')} />
        )}
        {canEdit && bannerSrc ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-banner" />
            <Button type="submit" variant="ghost" size="sm" disabled={submitting}>
              <Trash2 aria-hidden="true" />
              {t('setting.removeBanner')}
            </Button>
          </Form>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4 text-sm">
          {logoSrc ? (
            <img
              src={logoSrc}
              alt={t('setting.logoAlt', { company: profile.displayName })}
              width={48}
              height={48}
              className="size-12 rounded-md border border-border object-contain"
            />
          ) : (
            <span className="text-muted-foreground">{t('setting.noLogo')}</span>
          )}
          <span className="text-muted-foreground">{t('setting.logoNote')}</span>
          <Link to={localizePath(locale, '/app/settings')} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('setting.logoLink')}
          </Link>
        </div>
      </div>
      {canEdit ? (
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 flex flex-col gap-4 border-t border-border pt-4"
          key={`banner-${bannerSrc ?? 'none'}`}
        >
          <input type="hidden" name="intent" value="banner" />
          <SupplierFileField
            name="banner"
            label={t('setting.bannerField')}
            accept={FILE_ACCEPT.banner}
            maxSize={bannerMaxBytes}
            required
            errors={fieldError('banner')}
          />
          <Button type="submit" className="w-fit" disabled={submitting}>
            {t('setting.uploadBanner')}
          </Button>
        </Form>
      ) : null}
    </Card>
  )
}

function PhotosSection() {
  const { t } = useTranslation('suppliers')
  const { photos, canEdit, photoMaxBytes } = useLoaderData<typeof loader>()
  const result = useIntentResult('add-photos', 'remove-photo')
  const fieldError = useFieldErrors(result.fieldErrors, 'suppliers')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="photos-title">
      <CardHeader>
        <CardTitle id="photos-title">{t('setting.photosTitle')}</CardTitle>
        <CardDescription>{t('setting.photosBody', { count: MAX_FACTORY_PHOTOS })}</CardDescription>
      </CardHeader>
      {result.done ? (
        <Alert tone="success" className="mb-4">
          {result.done === 'add-photos' ? t('setting.photosAdded') : t('setting.photoRemoved')}
        </Alert>
      ) : null}
      <FormError error={result.formError} />
      {photos.length === 0 ? (
        <EmptyState icon={ImageOff} title={t('setting.noPhotos')} />
      ) : (
        <ul aria-labelledby="photos-title" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <a href={photo.href} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border border-border">
                <img src={photo.src} alt={photo.name} loading="lazy" className="aspect-[4/3] w-full object-cover" width={320} height={240} />
              </a>
              {canEdit ? (
                <RemoveForm
                  intent="remove-photo"
                  field="fileId"
                  value={photo.id}
                  label={t('setting.removePhoto', { name: photo.name })}
                  disabled={submitting}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit && photos.length < MAX_FACTORY_PHOTOS ? (
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 flex flex-col gap-4 border-t border-border pt-4"
          key={`photos-${photos.length}`}
        >
          <input type="hidden" name="intent" value="add-photos" />
          <SupplierFileField
            name="photos"
            label={t('setting.addPhotos')}
            accept={FILE_ACCEPT.factory_photo}
            maxSize={photoMaxBytes}
            multiple
            required
            errors={fieldError('photos')}
          />
          <Button type="submit" className="w-fit" disabled={submitting}>
            {t('setting.upload')}
          </Button>
        </Form>
      ) : null}
    </Card>
  )
}

function CertificationsSection() {
  const { t } = useTranslation('suppliers')
  const { certifications, canEdit, certificateMaxBytes } = useLoaderData<typeof loader>()
  const format = useFormatter()
  const result = useIntentResult('add-certification', 'remove-certification')
  const fieldError = useFieldErrors(result.fieldErrors, 'companies')
  const submitting = useNavigation().state === 'submitting'
  return (
    <Card aria-labelledby="certifications-title">
      <CardHeader>
        <CardTitle id="certifications-title">{t('setting.certificationsTitle')}</CardTitle>
        <CardDescription>{t('setting.certificationsBody')}</CardDescription>
      </CardHeader>
      {result.done ? (
        <Alert tone="success" className="mb-4">
          {result.done === 'add-certification' ? t('setting.certificationAdded') : t('setting.certificationRemoved')}
        </Alert>
      ) : null}
      {certifications.length === 0 ? (
        <EmptyState title={t('setting.noCertifications')} />
      ) : (
        <ul aria-labelledby="certifications-title" className="divide-y divide-border">
          {certifications.map((certification) => (
            <li key={certification.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{certification.name}</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    certification.issuer,
                    certification.certificateNumber,
                    certification.validUntil ? t('setting.validUntil', { date: format.date(certification.validUntil) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {certification.href ? (
                  <a href={certification.href} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
                    {t('setting.viewCertificate', { name: certification.name })}
                  </a>
                ) : null}
              </div>
              {canEdit ? (
                <RemoveForm
                  intent="remove-certification"
                  field="certificationId"
                  value={certification.id}
                  label={t('setting.removeCertification', { name: certification.name })}
                  disabled={submitting}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 grid gap-4 border-t border-border pt-4 sm:grid-cols-2"
          key={`certifications-${certifications.length}`}
        >
          <input type="hidden" name="intent" value="add-certification" />
          <div className="sm:col-span-2">
            <FormError error={result.formError} />
          </div>
          <Field label={t('setting.certificationName')} name="name" required maxLength={120} errors={fieldError('name')} />
          <Field label={t('setting.certificationIssuer')} name="issuer" maxLength={120} errors={fieldError('issuer')} />
          <Field label={t('setting.certificationNumber')} name="certificateNumber" maxLength={80} errors={fieldError('certificateNumber')} />
          <Field label={t('setting.certificationValidUntil')} name="validUntil" type="date" errors={fieldError('validUntil')} />
          <div className="sm:col-span-2">
            <SupplierFileField
              name="certificate"
              label={t('setting.certificationFile')}
              accept={FILE_ACCEPT.certification}
              maxSize={certificateMaxBytes}
              errors={fieldError('fileId')}
            />
          </div>
          <Button type="submit" className="w-fit" disabled={submitting}>
            {t('setting.addCertification')}
          </Button>
        </Form>
      ) : null}
    </Card>
  )
}
