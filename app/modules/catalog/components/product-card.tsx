import { Link } from 'react-router'
import { Money } from '../../../components/money'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { VerifiedBadge } from '../../companies/index'
import type { MarketCard } from '../market-card'
import { ProductPlaceholder } from './product-placeholder'
import { useUnitName } from './use-unit-name'

type HeadingLevel = 'h2' | 'h3'

/** One product in a marketplace grid; the whole card opens the product page. Texts come from `marketplace`. */
export function ProductCard({
  product,
  locale,
  headingLevel: Heading = 'h3',
  priority = false,
}: {
  product: MarketCard
  locale: Locale
  headingLevel?: HeadingLevel
  priority?: boolean
}) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const unitName = useUnitName()
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="aspect-[4/3] overflow-hidden bg-muted">
        {product.thumbnailUrl ? (
          <img
            src={product.thumbnailUrl}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            className="size-full object-cover"
          />
        ) : (
          <ProductPlaceholder />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="line-clamp-2 font-semibold leading-snug">
          <Link to={localizePath(locale, `/b2b/product/${product.id}`)} className="outline-none after:absolute after:inset-0 hover:underline">
            {product.name}
          </Link>
        </Heading>
        <p className="font-medium text-foreground" data-testid="product-card-price">
          {product.fromPrice && product.fromPriceCurrency ? (
            <Money amount={product.fromPrice} currency={product.fromPriceCurrency} unitPrice>
              {(price) => t('card.fromPrice', { price, unit: unitName(product.unit, 1) })}
            </Money>
          ) : (
            t('card.noPrice')
          )}
        </p>
        <p className="text-sm text-muted-foreground">{t('card.moq', { quantity: format.number(product.moq), unit: unitName(product.unit, product.moq) })}</p>
        <p className="text-sm text-muted-foreground">{t('card.origin', { country: product.originName })}</p>
        <p className="mt-auto flex flex-wrap items-center gap-1 pt-2 text-sm">
          <span className="truncate">{t('card.supplier', { name: product.supplier.name })}</span>
          {product.supplier.verified ? <VerifiedBadge compact /> : null}
        </p>
      </div>
    </article>
  )
}

/** Cards of the first row (up to four columns): their pictures are the page's largest paint, so they load first. */
const FIRST_ROW = 4

/** A responsive grid of product cards. */
export function ProductGrid({ products, locale, headingLevel }: { products: MarketCard[]; locale: Locale; headingLevel?: HeadingLevel }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        // Rows below the first are laid out and painted only as they come near the screen.
        <li key={product.id} className={index < FIRST_ROW ? 'flex' : 'flex [contain-intrinsic-size:auto_22rem] [content-visibility:auto]'}>
          <ProductCard product={product} locale={locale} headingLevel={headingLevel} priority={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  )
}
