import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import type { PublicSupplierProfile } from '../supplier-directory.service.server'
import { usePlaceName } from './supplier-card'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

type ProfileProps = { profile: PublicSupplierProfile }

/** How far Tradeport vouches for the supplier, in words (the badge alone says nothing about "pending" or "rejected"). */
export function VerificationNote({ profile }: ProfileProps) {
  const { t } = useTranslation('directory')
  const format = useFormatter()
  const text =
    profile.verified && profile.verifiedAt
      ? t('profile.verification.acceptOn', { date: format.date(profile.verifiedAt) })
      : t(`profile.verification.${profile.verificationStatus}`)
  return <p className={profile.verified ? 'text-sm text-status-accept' : 'text-sm text-muted-foreground'}>{text}</p>
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}

/** Supplier type, founding year, size, location, markets and capabilities; what is unknown says so. */
export function SupplierFacts({ profile }: ProfileProps) {
  const { t, i18n } = useTranslation('directory')
  const format = useFormatter()
  const place = usePlaceName(profile.country, profile.city)
  const unknown = t('profile.notSpecified')
  const list = (items: string[]) => (items.length > 0 ? items.join(' · ') : unknown)
  const countries = (codes: string[]) => list(codes.map((code) => countryName(code, i18n.language)))
  return (
    <Card aria-labelledby="supplier-facts-title">
      <CardTitle id="supplier-facts-title" className="mb-4">
        {t('profile.facts')}
      </CardTitle>
      <dl className="grid gap-3 text-sm">
        <Fact term={t('profile.supplierType')}>{profile.supplierType ? t(`supplierTypes.${profile.supplierType}`) : unknown}</Fact>
        <Fact term={t('profile.yearFounded')}>{profile.yearFounded ?? unknown}</Fact>
        <Fact term={t('profile.size')}>{profile.size ?? unknown}</Fact>
        <Fact term={t('profile.location')}>{place}</Fact>
        <Fact term={t('profile.mainProducts')}>{list(profile.mainProducts)}</Fact>
        <Fact term={t('profile.mainMarkets')}>{list(profile.mainMarkets)}</Fact>
        <Fact term={t('profile.exportMarkets')}>{countries(profile.exportMarkets)}</Fact>
        <Fact term={t('profile.capabilities')}>{list(profile.capabilities)}</Fact>
        <Fact term={t('profile.memberSince')}>{format.date(profile.memberSince)}</Fact>
      </dl>
    </Card>
  )
}

/** Certificate names, issuers and validity; the certificate files stay private evidence for the review. */
export function SupplierCertifications({ profile }: ProfileProps) {
  const { t } = useTranslation('directory')
  const format = useFormatter()
  return (
    <Card aria-labelledby="supplier-certifications-title">
      <CardTitle id="supplier-certifications-title" className="mb-4">
        {t('profile.certifications')}
      </CardTitle>
      {profile.certifications.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('profile.noCertifications')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {profile.certifications.map((certification) => (
            <li key={certification.id} className="flex gap-3 rounded-md border border-border p-3 text-sm">
              <SpriteIcon name="award" className="mt-0.5 size-5 text-primary" />
              <div className="flex flex-col gap-0.5">
                <span className="font-medium">{certification.name}</span>
                {certification.issuer ? <span className="text-muted-foreground">{t('profile.issuer', { issuer: certification.issuer })}</span> : null}
                {certification.validUntil ? (
                  <span className="text-muted-foreground">{t('profile.validUntil', { date: format.date(certification.validUntil) })}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** The factory photos as thumbnails, each opening the full image. */
export function FactoryPhotoGallery({ profile }: ProfileProps) {
  const { t } = useTranslation('directory')
  if (profile.factoryPhotos.length === 0) return null
  return (
    <Card aria-labelledby="supplier-photos-title">
      <CardTitle id="supplier-photos-title" className="mb-4">
        {t('profile.photos')}
      </CardTitle>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {profile.factoryPhotos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.url}
              className="block overflow-hidden rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <img
                src={photo.thumbnailUrl}
                alt={t('profile.photoAlt', { number: index + 1, name: profile.name })}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/**
 * The company's website, and for visitors the ways to get in touch once signed in: each button remembers this page
 * and opens sign-in, which returns here. Signed-in users see no buttons until messaging and RFQs exist.
 */
export function SupplierContactCard({ profile, signedIn }: ProfileProps & { signedIn: boolean }) {
  const { t } = useTranslation('directory')
  return (
    <Card aria-labelledby="supplier-contact-title" className="flex flex-col gap-4">
      <CardTitle id="supplier-contact-title">{t('profile.contact')}</CardTitle>
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">{t('profile.website')}</span>
        {profile.website ? (
          <a
            href={profile.website}
            rel="nofollow noopener noreferrer"
            className="inline-flex items-center gap-1.5 break-all font-medium text-primary underline-offset-4 hover:underline"
          >
            <SpriteIcon name="globe" />
            {profile.website.replace(/^https?:\/\//, '')}
          </a>
        ) : (
          <span>{t('profile.noWebsite')}</span>
        )}
      </div>
      {signedIn ? null : (
        <Form method="post" className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('profile.signInToContact')}</p>
          <Button type="submit" name="intent" value="contact">
            <SpriteIcon name="log-in" />
            {t('profile.contactSupplier')}
          </Button>
          <Button type="submit" name="intent" value="quote" variant="secondary">
            <SpriteIcon name="message-square-quote" />
            {t('profile.requestQuotation')}
          </Button>
        </Form>
      )}
    </Card>
  )
}
