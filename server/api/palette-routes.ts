import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../app/platform/api/api-env'
import type { PaletteResults } from '../../app/components/layouts/app/palette-results'
import { findMarketplaceProducts, findOwnProducts, findSuppliers } from '../../app/modules/catalog/index.server'
import { findOrdersByNumber, findServiceOrdersByNumber } from '../../app/modules/orders/index.server'
import { findRfqs } from '../../app/modules/sourcing/index.server'
import type { ServiceContext } from '../../app/platform/actor'
import { LOCALES } from '../../app/platform/i18n/locales'
import { serviceContext } from '../../app/platform/api/caller.server'
import { access, errorResponses, jsonResponse, SIGNED_IN } from '../../app/platform/api/schemas'

/** Results per kind: the palette is for jumping to a record, not for browsing. */
export const PALETTE_RESULTS_PER_KIND = 5

const PaletteQuery = z.object({
  q: z.string().trim().min(1).max(100).openapi({ example: 'PO-2026', description: 'A number, title, SKU or name (1–100 characters)' }),
  locale: z.enum(LOCALES).optional().openapi({ description: 'The language of product names; by default the request’s' }),
})

const Hit = z.object({
  id: z.string(),
  title: z.string().openapi({ description: 'What the record is called: an order or RFQ number, a title, a product or company name' }),
  detail: z.string().openapi({ description: 'What tells it apart: the other company, the RFQ number, the SKU, the supplier or the place' }),
  href: z.string().openapi({ description: 'The page of the record, without the locale prefix', example: '/app/orders/0b6a…/view' }),
})
const PaletteResultsSchema = z
  .object({
    orders: z.array(Hit).openapi({ description: 'Purchase orders of the caller’s company (either side) by number' }),
    rfqs: z.array(Hit).openapi({ description: 'RFQs of the caller’s company, and those it is invited to, by number or title' }),
    products: z.array(Hit).openapi({ description: 'The company’s own products by SKU or name (supplying companies)' }),
    marketplace: z.array(Hit).openapi({ description: 'Published marketplace products by name (buying companies and people without a company)' }),
    companies: z.array(Hit).openapi({ description: 'Suppliers of the public directory by name' }),
  })
  .openapi('PaletteResults')

const route = createRoute({
  method: 'get',
  path: '/v1/search/palette',
  tags: ['Search'],
  summary: `The command palette’s search: the caller’s purchase and service orders, RFQs and products and the marketplace’s products and suppliers (at most ${PALETTE_RESULTS_PER_KIND} of each)`,
  security: SIGNED_IN,
  ...access({ level: 'user' }),
  request: { query: PaletteQuery },
  responses: {
    200: jsonResponse(PaletteResultsSchema, 'Matches per kind, best first; a kind the caller may not search is empty'),
    401: errorResponses[401],
    422: errorResponses[422],
  },
})

/** Companies that sell look in their own catalogue; those that buy (and people without a company) in the marketplace. */
const sells = (ctx: ServiceContext) => ctx.actor.companyKind === 'supplier' || ctx.actor.companyKind === 'both' || ctx.actor.companyKind === 'service_provider'
const buys = (ctx: ServiceContext) => ctx.actor.companyKind !== 'supplier' && ctx.actor.companyKind !== 'service_provider'

/** Each module answers for its own records, scoped to the caller; this only puts the answers side by side. */
async function paletteSearch(ctx: ServiceContext, q: string): Promise<PaletteResults> {
  const limit = PALETTE_RESULTS_PER_KIND
  const [orders, serviceOrders, rfqs, products, marketplace, companies] = await Promise.all([
    findOrdersByNumber(ctx, { q, limit }),
    findServiceOrdersByNumber(ctx, { q, limit }),
    findRfqs(ctx, { q, limit }),
    sells(ctx) ? findOwnProducts(ctx, { q, limit }) : [],
    buys(ctx) ? findMarketplaceProducts({ q, limit, locale: ctx.locale }) : [],
    findSuppliers({ q, limit }),
  ])
  return {
    orders: [...orders, ...serviceOrders].map((order) => ({ id: order.id, title: order.number, detail: order.counterpartName, href: order.href })),
    rfqs: rfqs.map((rfq) => ({ id: rfq.id, title: rfq.title, detail: rfq.buyerName ? `${rfq.number} · ${rfq.buyerName}` : rfq.number, href: rfq.href })),
    products: products.map((product) => ({ id: product.id, title: product.name, detail: product.sku, href: product.href })),
    marketplace: marketplace.map((product) => ({ id: product.id, title: product.name, detail: product.supplierName, href: product.href })),
    companies: companies.map((company) => ({
      id: company.id,
      title: company.name,
      detail: [company.city, company.country].filter(Boolean).join(', '),
      href: company.href,
    })),
  }
}

export function registerPaletteRoutes(api: ApiRouter) {
  api.openapi(route, async (c) => {
    const context = await serviceContext(c)
    const { q, locale } = c.req.valid('query')
    c.header('Cache-Control', 'no-store')
    return c.json(await paletteSearch(locale ? { ...context, locale } : context, q), 200)
  })
}
