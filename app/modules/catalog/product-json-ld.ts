import Decimal from 'decimal.js'
import type { PublicProduct } from './product-page.service.server'

export type JsonLd = { [key: string]: JsonLdValue }
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[]

/** Absolute URLs the structured data points at. */
type Urls = { product: string; company: string; origin: string }

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`)

function organization(product: PublicProduct, urls: Urls): JsonLd {
  return { '@type': 'Organization', name: product.supplier.name, url: urls.company }
}

/** An AggregateOffer over the price tiers (lowest and highest unit price), or nothing when prices are on request. */
function offers(product: PublicProduct, urls: Urls): JsonLd | null {
  if (!product.priceTiers || product.priceTiers.tiers.length === 0) return null
  const prices = product.priceTiers.tiers.map((tier) => new Decimal(tier.unitPrice))
  return {
    '@type': 'AggregateOffer',
    priceCurrency: product.priceTiers.currency,
    lowPrice: Decimal.min(...prices).toString(),
    highPrice: Decimal.max(...prices).toString(),
    offerCount: prices.length,
    availability: 'https://schema.org/InStock',
    url: urls.product,
    seller: organization(product, urls),
  }
}

/** schema.org Product of a public product page (Google's product snippet fields). */
export function productJsonLd(product: PublicProduct, urls: Urls): JsonLd {
  const offer = offers(product, urls)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || product.name,
    sku: product.sku,
    url: urls.product,
    image: product.images.map((image) => absolute(urls.origin, image.url)),
    category: product.categories.map((category) => category.name).join(' > '),
    brand: organization(product, urls),
    manufacturer: organization(product, urls),
    ...(product.hsCode ? { additionalProperty: [{ '@type': 'PropertyValue', name: 'HS code', value: product.hsCode.code }] } : {}),
    ...(offer ? { offers: offer } : {}),
  }
}

/** schema.org Organization of the product's supplier. */
export function supplierJsonLd(product: PublicProduct, urls: Urls): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...organization(product, urls),
    address: {
      '@type': 'PostalAddress',
      addressCountry: product.supplier.country,
      ...(product.supplier.city ? { addressLocality: product.supplier.city } : {}),
    },
  }
}
