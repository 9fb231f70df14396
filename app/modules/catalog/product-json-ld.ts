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

/**
 * An AggregateOffer over the price tiers (lowest and highest unit price), or nothing when prices are on request; out of
 * stock only when the supplier publishes its stock and none is available (else orderable, as made to order).
 */
function offers(product: PublicProduct, urls: Urls, available: number | null): JsonLd | null {
  if (!product.priceTiers || product.priceTiers.tiers.length === 0) return null
  const prices = product.priceTiers.tiers.map((tier) => new Decimal(tier.unitPrice))
  return {
    '@type': 'AggregateOffer',
    priceCurrency: product.priceTiers.currency,
    lowPrice: Decimal.min(...prices).toString(),
    highPrice: Decimal.max(...prices).toString(),
    offerCount: prices.length,
    availability: available !== null && available <= 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url: urls.product,
    seller: organization(product, urls),
  }
}

/** schema.org Product of a public product page (Google's product snippet fields); `available`: the published stock, if any. */
export function productJsonLd(product: PublicProduct, urls: Urls, available: number | null = null): JsonLd {
  const offer = offers(product, urls, available)
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
