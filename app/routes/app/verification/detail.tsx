import { FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { formatFileSize } from '../../../components/ui/file-drop-validation'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { DECISIONS, DecisionInput, MAX_REVIEW_NOTE, SupplierApplicationHistory, VerificationStatusBadge, VerifiedBadge } from '../../../modules/companies/index'
import { fileContentUrl, fileThumbnailUrl } from '../../../modules/kernel/index'
import { decideApplication, getApplication, requireActor } from '../../../modules/companies/index.server'
import { countryName } from '../../../platform/countries'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { LOCALES, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/detail'
import { PAGE_MESSAGES } from '../../page-messages'
import { BackLink } from '../../../components/back-link'

type StoredFileLike = { id: string; name: string; contentType: string; sizeBytes: number; hasThumbnail: boolean }

const fileView = (file: StoredFileLike) => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  sizeBytes: file.sizeBytes,
  href: fileContentUrl(file.id),
  thumbnail: file.hasThumbnail ? fileThumbnailUrl(file.id) : null,
})

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const detail = await withRouteErrors(() => getApplication(ctx, params.id))
  const { application, company } = detail
  return {
    ...pageData(ctx.locale, 'suppliers', 'review.metaTitle', PAGE_MESSAGES.verificationReview),
    application: {
      ...application,
      submittedAt: application.submittedAt.toISOString(),
      reviewedAt: application.reviewedAt?.toISOString() ?? null,
    },
    company: { ...company, createdAt: company.createdAt.toISOString(), verifiedAt: company.verifiedAt?.toISOString() ?? null },
    documents: detail.documents.map(fileView),
    photos: detail.factoryPhotos.map(fileView),
    certifications: detail.certifications.map((certification) => ({
      ...certification,
      href: certification.fileId ? fileContentUrl(certification.fileId) : null,
    })),
    previous: detail.previous.map((item) => ({ ...item, submittedAt: item.submittedAt.toISOString(), reviewedAt: item.reviewedAt?.toISOString() ?? null })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.company.displayName} · ${loaderData.title}` : undefined },
  { name: 'robots', content: 'noindex' },
]

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const parsed = parseForm(DecisionInput, await request.formData())
  if (!parsed.ok) return failure(parsed)
  try {
    const decided = await decideApplication(ctx, params.id, parsed.data)
    const search = new URLSearchParams({ decided: parsed.data.decision, company: decided.companyName })
    return redirect(`${localizePath(ctx.locale, '/app/verification')}?${search.toString()}`)
  } catch (error) {
    return failureFromError(error)
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  )
}

export default function VerificationDetail() {
  const { t } = useTranslation('suppliers')
  const { locale } = useRootData()
  const { application, company, documents } = useLoaderData<typeof loader>()
  const format = useFormatter()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackLink to={localizePath(locale, '/app/verification')} className="underline">
          {t('review.back')}
        </BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{company.displayName}</h1>
          <VerificationStatusBadge status={company.verificationStatus} />
          <VerifiedBadge status={company.verificationStatus} />
        </div>
        <p className="text-sm text-muted-foreground">{company.legalName}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card aria-labelledby="application-title">
            <CardHeader>
              <CardTitle id="application-title" className="flex flex-wrap items-center gap-2">
                {t('review.applicationTitle')}
                <Badge variant={application.status} />
              </CardTitle>
            </CardHeader>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <Row label={t('review.supplierType')}>{t(`types.${application.supplierType}.label`)}</Row>
              <Row label={t('review.submitted')}>
                {t('review.submittedBy', {
                  date: format.dateTime(application.submittedAt),
                  name: application.submittedByName ?? t('review.unknownUser'),
                  email: application.submittedByEmail ?? '',
                })}
              </Row>
              <Row label={t('review.message')}>
                {application.message ? <span className="whitespace-pre-wrap">{application.message}</span> : t('review.none')}
              </Row>
            </dl>
            <h3 id="documents-title" className="mt-6 mb-2 font-semibold">
              {t('review.documents')}
            </h3>
            {documents.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('review.noDocuments')}</p>
            ) : (
              <ul aria-labelledby="documents-title" className="grid gap-3 sm:grid-cols-2">
                {documents.map((document) => (
                  <li key={document.id}>
                    <a
                      href={document.href}
                      target="_blank"
                      rel="noreferrer"
                      className="flex items-center gap-3 rounded-md border border-border p-2 text-sm hover:bg-muted/50"
                    >
                      {document.thumbnail ? (
                        <img src={document.thumbnail} alt="" className="size-14 shrink-0 rounded object-cover" width={56} height={56} />
                      ) : (
                        <FileText aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
                      )}
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-medium text-primary underline">{document.name}</span>
                        <span className="text-xs text-muted-foreground">{formatFileSize(document.sizeBytes, locale)}</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <CompanyCard />
          <EvidenceCard />
        </div>
        <div className="flex flex-col gap-6">
          <DecisionCard />
          <PreviousCard />
        </div>
      </div>
    </div>
  )
}

function CompanyCard() {
  const { t } = useTranslation('suppliers')
  const { t: companies } = useTranslation('companies')
  const { locale } = useRootData()
  const { company } = useLoaderData<typeof loader>()
  const format = useFormatter()
  const list = (items: string[]) => (items.length ? items.join(', ') : t('review.none'))
  return (
    <Card aria-labelledby="company-title">
      <CardHeader>
        <CardTitle id="company-title">{t('review.companyTitle')}</CardTitle>
      </CardHeader>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <Row label={t('review.kind')}>{companies(`kinds.${company.kind}.label`)}</Row>
        <Row label={t('review.country')}>{[company.city, countryName(company.country, locale)].filter(Boolean).join(', ')}</Row>
        <Row label={t('review.website')}>
          {company.website ? (
            <a href={company.website} target="_blank" rel="noreferrer nofollow" className="text-primary underline">
              {company.website}
            </a>
          ) : (
            t('review.none')
          )}
        </Row>
        <Row label={t('review.size')}>{company.size ? companies('fields.sizeOption', { size: company.size }) : t('review.none')}</Row>
        <Row label={t('review.yearFounded')}>{company.yearFounded ?? t('review.none')}</Row>
        <Row label={t('review.memberSince')}>{format.date(company.createdAt)}</Row>
        <Row label={t('review.mainProducts')}>{list(company.mainProducts)}</Row>
        <Row label={t('review.mainMarkets')}>{list(company.mainMarkets)}</Row>
        <Row label={t('review.capabilities')}>{list(company.capabilities)}</Row>
        <Row label={t('review.exportMarkets')}>{list(company.exportMarkets.map((code) => countryName(code, locale)))}</Row>
        {LOCALES.filter((language) => company.description[language]).map((language) => (
          <Row key={language} label={t(`review.description.${language}`)}>
            <span lang={language} className="whitespace-pre-wrap">
              {company.description[language]}
            </span>
          </Row>
        ))}
      </dl>
    </Card>
  )
}

function EvidenceCard() {
  const { t } = useTranslation('suppliers')
  const { photos, certifications } = useLoaderData<typeof loader>()
  const format = useFormatter()
  return (
    <Card aria-labelledby="evidence-title">
      <CardHeader>
        <CardTitle id="evidence-title">{t('review.evidenceTitle')}</CardTitle>
      </CardHeader>
      <h3 id="photos-title" className="mb-2 font-semibold">
        {t('review.photos')}
      </h3>
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.none')}</p>
      ) : (
        <ul aria-labelledby="photos-title" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.id}>
              <a href={photo.href} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border border-border">
                <img
                  src={photo.thumbnail ?? photo.href}
                  alt={photo.name}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                  width={200}
                  height={150}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 id="certifications-title" className="mt-6 mb-2 font-semibold">
        {t('review.certifications')}
      </h3>
      {certifications.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.none')}</p>
      ) : (
        <ul aria-labelledby="certifications-title" className="flex flex-col gap-2 text-sm">
          {certifications.map((certification) => (
            <li key={certification.id}>
              <span className="font-medium">{certification.name}</span>{' '}
              <span className="text-muted-foreground">
                {[
                  certification.issuer,
                  certification.certificateNumber,
                  certification.validUntil ? t('setting.validUntil', { date: format.date(certification.validUntil) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>{' '}
              {certification.href ? (
                <a href={certification.href} target="_blank" rel="noreferrer" className="text-primary underline">
                  {t('setting.viewCertificate', { name: certification.name })}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function DecisionCard() {
  const { t } = useTranslation('suppliers')
  const { application } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const fieldError = useFieldErrors(actionData?.fieldErrors, 'suppliers')
  const navigation = useNavigation()
  const format = useFormatter()
  if (application.status !== 'pending') {
    return (
      <Card aria-labelledby="decision-title">
        <CardHeader>
          <CardTitle id="decision-title">{t('review.decisionTitle')}</CardTitle>
        </CardHeader>
        <div className="flex flex-col gap-2 text-sm">
          <Badge variant={application.status} />
          {application.reviewedAt ? (
            <p>{t('history.reviewedBy', { date: format.dateTime(application.reviewedAt), name: application.reviewedByName ?? t('review.unknownUser') })}</p>
          ) : null}
          {application.reviewNote ? <p className="whitespace-pre-wrap">{application.reviewNote}</p> : null}
        </div>
      </Card>
    )
  }
  return (
    <Card aria-labelledby="decision-title">
      <CardHeader>
        <CardTitle id="decision-title">{t('review.decideTitle')}</CardTitle>
      </CardHeader>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <FormError error={actionData?.formError} />
        <fieldset className="flex flex-col gap-2" aria-describedby={fieldError('decision') ? 'decision-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('review.decision')}</legend>
          {DECISIONS.map((decision) => (
            <label key={decision} className="flex items-center gap-2 text-sm">
              <input type="radio" name="decision" value={decision} required className="size-4 accent-primary" />
              {t(`review.decisions.${decision}`)}
            </label>
          ))}
          {fieldError('decision') ? (
            <p id="decision-error" role="alert" className="text-xs text-destructive">
              {fieldError('decision')?.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <FormField label={t('review.note')} hint={t('review.noteHint')} errors={fieldError('note')}>
          {(control) => <Textarea name="note" maxLength={MAX_REVIEW_NOTE} rows={5} {...control} />}
        </FormField>
        <Button type="submit" className="w-fit" disabled={navigation.state === 'submitting'}>
          {t('review.submit')}
        </Button>
      </Form>
    </Card>
  )
}

function PreviousCard() {
  const { t } = useTranslation('suppliers')
  const { previous } = useLoaderData<typeof loader>()
  return (
    <Card aria-labelledby="previous-title">
      <CardHeader>
        <CardTitle id="previous-title">{t('review.previousTitle')}</CardTitle>
      </CardHeader>
      {previous.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.noPrevious')}</p>
      ) : (
        <SupplierApplicationHistory items={previous} headingId="previous-title" />
      )}
    </Card>
  )
}
