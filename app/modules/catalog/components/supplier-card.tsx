import { Link } from 'react-router'
import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import type { DirectorySupplier } from '../supplier-directory.service.server'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

/** A company's logo, or a neutral placeholder of the same size. */
export function SupplierLogo({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('directory')
  const box = size === 'lg' ? 'size-20' : 'size-14'
  if (url)
    return (
      <img
        src={url}
        alt={t('list.logoAlt', { name })}
        className={`${box} shrink-0 rounded-md border border-border bg-background object-contain`}
        loading="lazy"
      />
    )
  return (
    <span className={`${box} flex shrink-0 items-center justify-center rounded-md border border-border bg-muted text-muted-foreground`}>
      <SpriteIcon name="building-complex" className="size-1/2" />
    </span>
  )
}

/** "Jingdezhen, China" with the country named in `locale`; an unknown city is left out. */
export function placeName(country: string, city: string, locale: string): string {
  const name = countryName(country, locale)
  return city ? `${city}, ${name}` : name
}

export function usePlaceName(country: string, city: string): string {
  const { i18n } = useTranslation()
  return placeName(country, city, i18n.language)
}

/** One company of the supplier directory: the card links to its public profile. */
export function SupplierCard({ supplier, href }: { supplier: DirectorySupplier; href: string }) {
  const { t } = useTranslation('directory')
  const format = useFormatter()
  const location = usePlaceName(supplier.country, supplier.city)
  const headingId = `supplier-${supplier.id}`
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-ring hover:border-primary/50"
    >
      <div className="flex items-start gap-3">
        <SupplierLogo name={supplier.name} url={supplier.logoUrl} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-semibold leading-tight">
            {/* The whole card is the link's hit area; the name stays the accessible link text. */}
            <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
              {supplier.name}
            </Link>
          </h3>
          {supplier.verified ? <VerifiedBadge /> : null}
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="text-muted-foreground">
          <dt className="sr-only">{t('list.location')}</dt>
          <dd className="flex items-center gap-1.5">
            <SpriteIcon name="map-pin" />
            {location}
          </dd>
        </div>
        {supplier.supplierType ? (
          <div>
            <dt className="sr-only">{t('profile.supplierType')}</dt>
            <dd>{t(`supplierTypes.${supplier.supplierType}`)}</dd>
          </div>
        ) : null}
        {supplier.mainProducts.length > 0 ? (
          <div>
            <dt className="sr-only">{t('list.mainProducts')}</dt>
            <dd className="line-clamp-2 text-muted-foreground">{supplier.mainProducts.join(' · ')}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-auto text-sm font-medium">{t('list.productCount', { count: format.number(supplier.productCount) })}</p>
    </article>
  )
}
