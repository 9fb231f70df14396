import { randomUUID } from 'node:crypto'
import { data, Form, Link, redirect } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useFormatter } from '../../components/use-formatter'
import { AvailabilityBadge, PriceTiersTable, ProductGallery, productJsonLd, productUnitFrom, supplierJsonLd, useUnitName } from '../../modules/catalog/index'
import { getPublicProduct, isPublicProductId, type PublicProduct } from '../../modules/catalog/index.server'
import { VerifiedBadge } from '../../modules/companies/index'
import { requireActor } from '../../modules/companies/index.server'
import { clientSessionContext } from '../../modules/identity/index'
import { redirectCookie } from '../../modules/identity/index.server'
import { publishedAvailability } from '../../modules/inventory/index.server'
import { openProjects } from '../../modules/sourcing/index.server'
import type { ServiceContext } from '../../platform/actor'
import { failure, failureFromError } from '../../platform/forms.server'
import { idempotencyOfForm, idempotencyOfPart } from '../../platform/idempotency/idempotency.server'
import { env } from '../../platform/env.server'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../platform/seo'
import { enquireAboutProduct, isProductEnquiry } from '../../workflows/product-enquiry.server'
import { pageData } from '../page-data.server'
import { type ProductActionResult, type ProductEnquiryState, SignedInActions } from './product-actions'
import { cookieHeaders, routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/product'
import { SpriteIcon } from '../../components/ui/sprite-icon'

/** §5: a malformed id, or a product the public may not see, is a 404 naming the full requested path. */
async function publicProductOr404(request: Request, id: string | undefined, locale: Locale): Promise<PublicProduct> {
  const product = isPublicProductId(id) ? await getPublicProduct(id, locale) : null
  if (product) return product
  const url = new URL(request.url)
  throw data(translator(locale, 'marketplace')('product.notFound', { path: `${url.pathname}${url.search}` }), { status: 404 })
}

/**
 * How long shared caches may keep an anonymous page showing a published stock figure: with the server's 10-second page
 * cache, a figure a visitor sees is at most half a minute old (other public pages keep a minute).
 */
const STOCK_FIGURE_MAX_AGE_SECONDS = 20

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const product = await publicProductOr404(request, params.id, locale)
  const t = translator(locale, 'marketplace')
  const origin = env().PUBLIC_URL
  const path = `/b2b/product/${product.id}`
  const urls = { origin, product: absoluteUrl(origin, locale, path), company: absoluteUrl(origin, locale, `/b2b/company/${product.supplier.id}`) }
  const knownUnit = productUnitFrom(product.unit)
  const unit = knownUnit ? translator(locale)(`unitNames.${knownUnit}`, { count: product.moq }) : product.unit
  const signedIn = Boolean(context.get(clientSessionContext))
  const [enquiry, availability] = await Promise.all([
    signedIn ? enquiryState(requireActor(context, params), product) : null,
    publishedAvailability(product.supplier.id, [product.id]),
  ])
  const available = availability.get(product.id) ?? null
  const payload = {
    ...pageData(locale, 'marketplace', 'market.metaTitle'),
    title: t('product.metaTitle', { name: product.name, supplier: product.supplier.name }),
    description:
      product.description ||
      t('product.metaDescription', { name: product.name, supplier: product.supplier.name, country: product.supplier.countryName, moq: product.moq, unit }),
    seo: { origin, path, image: product.images[0]?.url ?? null },
    jsonLd: [productJsonLd(product, urls, available), supplierJsonLd(product, urls)],
    product,
    available,
    signedIn,
    enquiry,
  }
  return data(payload, { headers: publicPageHeaders(signedIn, available === null ? undefined : STOCK_FIGURE_MAX_AGE_SECONDS) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? [
        ...seoMeta({ ...loaderData.seo, locale: routeLocale(params), title: loaderData.title, description: loaderData.description, type: 'product' }),
        ...loaderData.jsonLd.map((json) => ({ 'script:ld+json': json })),
      ]
    : []

/** What the signed-in person may do here: enquire as a buyer, edit their own product, or set up a company first. */
async function enquiryState(ctx: ServiceContext, product: PublicProduct): Promise<ProductEnquiryState | null> {
  const { actor } = ctx
  if (!actor.companyId) return actor.platformRole === 'admin' ? null : { kind: 'noCompany' }
  if (actor.companyId === product.supplier.id) return { kind: 'own', editPath: `/app/products/edit?id=${encodeURIComponent(product.id)}` }
  const projects = await openProjects(ctx)
  return {
    kind: 'buyer',
    projects: projects.map((project) => ({ id: project.id, label: `${project.number} · ${project.name}` })),
    idempotencyKey: randomUUID(),
  }
}

/**
 * Visitors' "Request a quotation" and "Add to shortlist" remember this page, then sign in (login returns here). A signed-in
 * buyer shortlists the supplier in the chosen project, or adds the product to it and go on to the RFQ form with that
 * line and that supplier chosen.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = routeLocale(params)
  const product = await publicProductOr404(request, params.id, locale)
  if (!context.get(clientSessionContext))
    return redirect(localizePath(locale, '/login'), { headers: cookieHeaders([redirectCookie(localizePath(locale, `/b2b/product/${product.id}`))]) })
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = form.get('intent')
  if (!isProductEnquiry(intent)) return failure({ ok: false, fieldErrors: { intent: ['validation.intent'] } }, 400)
  try {
    const projectId = String(form.get('projectId') ?? '')
    // The page's key covers both buttons and any project: each choice is its own request, which a retry replays, so
    // shortlisting and then asking for a quotation before the page has fetched a fresh key never reads as a reused key.
    const result = await enquireAboutProduct(
      ctx,
      product,
      { intent, projectId },
      idempotencyOfPart(idempotencyOfForm(form), `${intent}:${projectId.slice(0, 64)}`),
    )
    if (intent === 'quotation') {
      const rfqForm = new URLSearchParams({ new: '1', project: result.projectId, requirement: result.requirementId ?? '', supplier: product.supplier.id })
      return redirect(localizePath(locale, `/app/sourcing/rfq?${rfqForm}`))
    }
    const outcome: ProductActionResult = {
      ok: true,
      intent: 'shortlist',
      projectId: result.projectId,
      projectLabel: result.projectLabel,
      alreadyShortlisted: result.alreadyShortlisted,
    }
    return outcome
  } catch (error) {
    return failureFromError(error)
  }
}

function Facts({ product }: { product: PublicProduct }) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const unitName = useUnitName()
  const facts: Array<[string, string]> = [
    [t('product.moq'), t('product.moqValue', { quantity: format.number(product.moq), unit: unitName(product.unit, product.moq) })],
    [t('product.leadTime'), product.leadTimeDays === null ? t('product.notStated') : t('product.leadTimeValue', { days: format.number(product.leadTimeDays) })],
    [t('product.origin'), product.originCountryName],
    [t('product.hsCode'), product.hsCode ? [product.hsCode.code, product.hsCode.description].filter(Boolean).join(' — ') : t('product.notStated')],
    [t('product.sku'), product.sku],
  ]
  return (
    <section aria-labelledby="product-facts-title">
      <h2 id="product-facts-title" className="sr-only">
        {t('product.keyFacts')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function SupplierCard({ product }: { product: PublicProduct }) {
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const { supplier } = product
  const place = [supplier.city, supplier.countryName].filter(Boolean).join(', ')
  return (
    <Card aria-labelledby="product-supplier-title" className="flex flex-col gap-3">
      <h2 id="product-supplier-title" className="text-sm font-medium text-muted-foreground">
        {t('product.supplierTitle')}
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {/* Decorative: the company's name follows it. */}
        {supplier.logoUrl ? (
          <img src={supplier.logoUrl} alt="" width={40} height={40} className="size-10 rounded-md border border-border object-contain" />
        ) : (
          <SpriteIcon name="building-complex" className="size-5 text-muted-foreground" />
        )}
        {supplier.name}
        {supplier.verified ? <VerifiedBadge /> : null}
      </p>
      <p className="text-sm text-muted-foreground">{place}</p>
      <Link to={localizePath(locale, `/b2b/company/${supplier.id}`)} className={buttonClasses('secondary', 'w-fit')}>
        {t('product.viewCompany')}
      </Link>
    </Card>
  )
}

function VisitorActions() {
  const { t } = useTranslation('marketplace')
  return (
    <Card aria-labelledby="product-actions-title">
      <CardTitle id="product-actions-title">{t('product.actionsTitle')}</CardTitle>
      <CardDescription className="mt-1">{t('product.signInHint')}</CardDescription>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="quotation" className={buttonClasses('primary')}>
          <SpriteIcon name="message-square-quote" className="size-4" />
          {t('product.requestQuotation')}
        </button>
        <button type="submit" name="intent" value="shortlist" className={buttonClasses('secondary')}>
          <SpriteIcon name="star" className="size-4" />
          {t('product.addToShortlist')}
        </button>
      </Form>
    </Card>
  )
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, available, enquiry, signedIn } = loaderData
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const market = localizePath(locale, '/b2b/market')
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <nav aria-label={t('product.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to={localizePath(locale, '/b2b')} className="hover:underline">
              {t('product.marketplace')}
            </Link>
          </li>
          {product.categories.map((category) => (
            <li key={category.id} className="flex items-center gap-1">
              <span aria-hidden>/</span>
              <Link to={`${market}?category=${encodeURIComponent(category.id)}`} className="hover:underline">
                {category.name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} productName={product.name} />
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <h1 className="text-2xl font-semibold sm:text-3xl">{product.name}</h1>
            <AvailabilityBadge available={available} unit={product.unit} className="text-sm" />
          </div>
          <Facts product={product} />
          <section aria-labelledby="product-tiers-title" className="flex flex-col gap-2">
            <h2 id="product-tiers-title" className="text-lg font-semibold">
              {t('product.priceTiers')}
            </h2>
            {product.priceTiers ? (
              <PriceTiersTable priceTiers={product.priceTiers} unit={product.unit} labelledBy="product-tiers-title" />
            ) : (
              <p className="text-sm text-muted-foreground">{t('product.noPriceTiers')}</p>
            )}
          </section>
          {signedIn ? enquiry ? <SignedInActions product={product} state={enquiry} /> : null : <VisitorActions />}
        </div>
      </div>
      <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          {product.description ? (
            <section aria-labelledby="product-description-title" className="flex flex-col gap-2">
              <h2 id="product-description-title" className="text-lg font-semibold">
                {t('product.description')}
              </h2>
              <p className="whitespace-pre-line text-sm leading-relaxed">{product.description}</p>
            </section>
          ) : null}
          {product.attributes.length > 0 ? (
            <section aria-labelledby="product-attributes-title" className="flex flex-col gap-2">
              <h2 id="product-attributes-title" className="text-lg font-semibold">
                {t('product.attributes')}
              </h2>
              <Table aria-labelledby="product-attributes-title">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('product.attributeName')}</TableHead>
                    <TableHead>{t('product.attributeValue')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {product.attributes.map((attribute) => (
                    <TableRow key={attribute.name}>
                      <TableHead scope="row" className="font-normal text-foreground">
                        {attribute.name}
                      </TableHead>
                      <TableCell>{attribute.value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </section>
          ) : null}
        </div>
        <SupplierCard product={product} />
      </div>
    </div>
  )
}
