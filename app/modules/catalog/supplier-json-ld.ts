import type { JsonLd } from './product-json-ld'
import type { PublicSupplierProfile } from './supplier-directory.service.server'

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`)

/** schema.org Organization of a supplier's public profile: `url` is the profile, `sameAs` the company's own site. */
export function supplierProfileJsonLd(profile: PublicSupplierProfile, urls: { origin: string; profile: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: profile.name,
    url: urls.profile,
    ...(profile.logoUrl ? { logo: absolute(urls.origin, profile.logoUrl) } : {}),
    ...(profile.description ? { description: profile.description } : {}),
    ...(profile.website ? { sameAs: [profile.website] } : {}),
    ...(profile.yearFounded ? { foundingDate: String(profile.yearFounded) } : {}),
    address: { '@type': 'PostalAddress', addressCountry: profile.country, ...(profile.city ? { addressLocality: profile.city } : {}) },
  }
}
