import { beforeAll, describe, expect, it } from 'vitest'
import { createShippingAddress, createOrderParties, orderRequest } from '../../tests/factories/orders'
import { createProduct } from '../../db/factories/products'
import { insertRfq } from '../../tests/factories/sourcing'
import { createUser } from '../../db/factories/users'
import { randomUUID } from 'node:crypto'
import { database } from '../../app/platform/db/index.server'
import { CreatePurchaseOrderInput } from '../../app/modules/orders/index'
import { createPurchaseOrder, type PurchaseOrderDetail } from '../../app/modules/orders/index.server'
import { serviceOrders } from '../../app/modules/orders/orders.tables.server'
import { call, type CookieJar, signInWithCookies, testApp } from '../../tests/support/http'

let app: ReturnType<typeof testApp>
let parties: Awaited<ReturnType<typeof createOrderParties>>
let order: PurchaseOrderDetail
let strangersOrder: PurchaseOrderDetail
let rfqId: string
let bowlId: string
const jars: Record<'buyer' | 'supplier' | 'stranger' | 'lonely', CookieJar> = {} as never

type Hit = { id: string; title: string; detail: string; href: string }
type Results = Record<'orders' | 'rfqs' | 'products' | 'marketplace' | 'companies', Hit[]>
const ids = (hits: Hit[]) => hits.map((hit) => hit.id)

beforeAll(async () => {
  app = testApp()
  parties = await createOrderParties()
  order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  const address = await createShippingAddress(parties.stranger.company.id)
  strangersOrder = await createPurchaseOrder(
    parties.stranger.ctx,
    CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, shipToAddressId: address.id })),
  )
  rfqId = (await insertRfq(parties.buyer.company.id, { title: 'Brass lamp restock', supplierIds: [parties.supplier.company.id] })).id
  await insertRfq(parties.stranger.company.id, { title: 'Brass lamp for the stranger' })
  bowlId = (await createProduct({ companyId: parties.supplier.company.id, nameEn: 'Porcelain tea bowl', nameZhHans: '瓷茶碗' })).id
  const lonely = await createUser()
  for (const [key, user] of Object.entries({ buyer: parties.buyer.user, supplier: parties.supplier.user, stranger: parties.stranger.user, lonely }))
    jars[key as keyof typeof jars] = await signInWithCookies(app, user)
})

const search = async (jar: CookieJar | undefined, query: string) => call(app, `/api/v1/search/palette?${query}`, jar ? { jar } : {})
const results = async (jar: CookieJar, q: string, extra = '') => {
  const response = await search(jar, `q=${encodeURIComponent(q)}${extra}`)
  expect(response.status).toBe(200)
  return response.json as unknown as Results
}

/** A service order written directly: the palette only reads its number, parties and names. */
async function insertServiceOrder(buyer: { id: string; name: string }, provider: { id: string; name: string }, number: string) {
  const id = randomUUID()
  await database().insert(serviceOrders).values({
    id,
    number,
    kind: 'service',
    serviceType: 'inspection',
    buyerCompanyId: buyer.id,
    providerCompanyId: provider.id,
    buyerName: buyer.name,
    providerName: provider.name,
    status: 'requested',
  })
  return id
}

describe('GET /api/v1/search/palette', () => {
  it('answers 401 to anonymous callers and 422 to a missing or too long query, before searching', async () => {
    expect((await search(undefined, 'q=PO')).status).toBe(401)
    expect((await search(jars.buyer, '')).status).toBe(422)
    expect((await search(jars.buyer, `q=${'x'.repeat(101)}`)).status).toBe(422)
    expect((await search(jars.buyer, 'q=PO&locale=fr')).status).toBe(422)
  })

  it('finds the buyer’s order by number and never the other company’s order with the same number', async () => {
    expect(strangersOrder.number).toBe(order.number)
    const found = await results(jars.buyer, order.number)
    expect(found.orders).toEqual([{ id: order.id, title: order.number, detail: order.supplier.name, href: `/app/orders/${order.id}/view` }])
    expect(found.products, 'a buying company looks in the marketplace, not in a catalogue of its own').toEqual([])
  })

  it('finds a service order by number for the buyer and the provider, never for another company', async () => {
    const number = `SO-${randomUUID().slice(0, 8).toUpperCase()}`
    const [buyer, provider, stranger] = [
      { id: parties.buyer.company.id, name: 'Buyer Co' },
      { id: parties.supplier.company.id, name: 'Inspecta Ltd' },
      { id: parties.stranger.company.id, name: 'Stranger Co' },
    ]
    const id = await insertServiceOrder(buyer, provider, number)
    await insertServiceOrder(stranger, provider, `${number}-X`)
    expect((await results(jars.buyer, number.toLowerCase())).orders).toEqual([{ id, title: number, detail: 'Inspecta Ltd', href: `/app/orders/service/${id}` }])
    expect((await results(jars.supplier, `${number}-X`)).orders).toMatchObject([{ title: `${number}-X`, detail: 'Stranger Co' }])
    expect(ids((await results(jars.supplier, number)).orders)).toHaveLength(2)
    expect(ids((await results(jars.stranger, number)).orders)).not.toContain(id)
  })

  it('finds the buyer’s RFQ by title, and for the invited supplier on its own page, never the other company’s', async () => {
    expect(ids((await results(jars.buyer, 'brass lamp')).rfqs)).toEqual([rfqId])
    const supplier = await results(jars.supplier, 'brass lamp')
    expect(supplier.rfqs).toEqual([expect.objectContaining({ id: rfqId, href: `/app/supplier/portal/rfq/${rfqId}` })])
    expect((await results(jars.stranger, 'brass lamp restock')).rfqs).toEqual([])
  })

  it('finds a supplier’s own products by SKU and a buyer’s marketplace products by name, named in the asked locale', async () => {
    const supplier = await results(jars.supplier, parties.products.lamp.sku)
    expect(ids(supplier.products)).toEqual([parties.products.lamp.id])
    expect(supplier.marketplace, 'a supplying company searches its own catalogue').toEqual([])
    const buyer = await results(jars.buyer, 'brass desk lamp')
    expect(buyer.marketplace).toEqual([
      { id: parties.products.lamp.id, title: 'Brass desk lamp', detail: order.supplier.name, href: `/b2b/product/${parties.products.lamp.id}` },
    ])
    expect((await results(jars.buyer, 'porcelain tea bowl', '&locale=zh-Hans')).marketplace).toEqual([expect.objectContaining({ id: bowlId, title: '瓷茶碗' })])
    expect((await results(jars.buyer, '瓷茶碗', '&locale=en')).marketplace).toEqual([expect.objectContaining({ id: bowlId, title: 'Porcelain tea bowl' })])
    expect(ids((await results(jars.buyer, 'unreleased lamp')).marketplace), 'drafts are not in the marketplace').toEqual([])
  })

  it('gives someone without a company the marketplace and the suppliers, and nothing of any company', async () => {
    const found = await results(jars.lonely, 'lamp')
    expect(found.orders).toEqual([])
    expect(found.rfqs).toEqual([])
    expect(found.products).toEqual([])
    expect(ids(found.marketplace)).toContain(parties.products.lamp.id)
    const suppliers = await results(jars.lonely, order.supplier.name)
    expect(ids(suppliers.companies)).toEqual([parties.supplier.company.id])
    expect(suppliers.companies[0]?.href).toBe(`/b2b/company/${parties.supplier.company.id}`)
  })

  it('is described in the OpenAPI document: signed-in users, a required query with an example, results per kind', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as {
      paths: Record<string, { get?: Record<string, unknown> }>
      components: { schemas: Record<string, { properties?: object }> }
    }
    const operation = doc.paths['/api/v1/search/palette']?.get
    expect(operation).toMatchObject({
      'x-access': { level: 'user' },
      parameters: expect.arrayContaining([expect.objectContaining({ name: 'q', in: 'query', required: true })]),
    })
    expect(Object.keys(doc.components.schemas.PaletteResults?.properties ?? {})).toEqual(['orders', 'rfqs', 'products', 'marketplace', 'companies'])
  })

  it('is never cached', async () => {
    const response = await search(jars.buyer, 'q=lamp')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})
