import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, eq, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assistantMessages, assistantThreads } from '../../app/modules/assistant/assistant.tables.server'
import { categories, importJobs, priceLists, products } from '../../app/modules/catalog/catalog.tables.server'
import {
  addresses,
  certifications,
  companyProfiles,
  invitations,
  organizations,
  supplierApplications,
} from '../../app/modules/companies/companies.tables.server'
import { stockLevels, stockMovements, warehouses } from '../../app/modules/inventory/inventory.tables.server'
import { files } from '../../app/modules/kernel/kernel.tables.server'
import { conversations, messages } from '../../app/modules/messaging/messaging.tables.server'
import { documents, documentShares } from '../../app/modules/documents/documents.tables.server'
import { bankAccounts, bankStatements, payments, payouts } from '../../app/modules/finance/finance.tables.server'
import { plans } from '../../app/modules/billing/billing.tables.server'
import { RequestPayoutInput, StartPaymentInput } from '../../app/modules/finance/index'
import { decidePayout, followOrder, holdPayment, moneyStep, requestPayout, startPayment } from '../../app/modules/finance/index.server'
import { platformAdmin as factoryPlatformAdmin, readyForPayouts } from '../../tests/factories/finance'
import { DOCUMENT_LANGUAGES } from '../../app/modules/documents/index'
import { CreatePurchaseOrderInput } from '../../app/modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../../app/modules/orders/index.server'
import { shipmentLines, shipments } from '../../app/modules/logistics/logistics.tables.server'
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../../app/modules/developers/developers.tables.server'
import { shipOrder } from '../../db/factories/shipments'
import {
  freightQuotes,
  purchaseOrderChangeRequests,
  purchaseOrderEvents,
  purchaseOrders,
  serviceOfferings,
} from '../../app/modules/orders/orders.tables.server'
import {
  approvedSuppliers,
  purchaseProjects,
  quotationRevisions,
  quotations,
  requirements,
  rfqQuestions,
  rfqs,
  shortlistEntries,
} from '../../app/modules/sourcing/sourcing.tables.server'
import { database } from '../../app/platform/db/index.server'
import { LocalDiskStorage } from '../../app/platform/files/local-storage.server'
import { useFileStorage } from '../../app/platform/files/storage.server'
import { createMember } from '../../db/factories/companies'
import { createOrderParties, orderRequest } from '../../tests/factories/orders'
import { createSourcingCast, insertProject, insertQuotation, insertRfq } from '../../tests/factories/sourcing'
import { createUser } from '../../db/factories/users'
import { pdfBytes } from '../../tests/support/file-fixtures'
import { call, type CookieJar, signInWithCookies, testApp } from '../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../tests/support/test-env'

let app: ReturnType<typeof testApp>
let root: string
let cast: Awaited<ReturnType<typeof createSourcingCast>>
let parties: Awaited<ReturnType<typeof createOrderParties>>
let buyer: CookieJar
let supplier: CookieJar
let founder: CookieJar
let platformAdmin: CookieJar
let orderBuyer: CookieJar
let orderSupplier: CookieJar
let shipper: CookieJar
let applicant: CookieJar
let projectId: string
let awarding: { rfqId: string; quotationId: string }
let openRfq: { id: string; lineIds: string[] }
let conversationId: string
/** The record a per-test `prepare` made for the operation to act on (a project, a quotation, an order, a supplier…). */
let target: { id: string; version: number }
let applicationDocument: string

beforeAll(async () => {
  app = testApp()
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-idempotency-'))
  useFileStorage(new LocalDiskStorage(root))
  cast = await createSourcingCast()
  parties = await createOrderParties()
  buyer = await signInWithCookies(app, cast.buyer.user)
  supplier = await signInWithCookies(app, cast.suppliers[0]!.user)
  // Creating a company switches the session to it, so it gets a user of its own.
  founder = await signInWithCookies(app, await createUser())
  platformAdmin = await signInWithCookies(app, await createUser({ role: 'admin' }))
  orderBuyer = await signInWithCookies(app, parties.buyer.user)
  orderSupplier = await signInWithCookies(app, parties.supplier.user)
  const logistics = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'accept' } })
  await database()
    .update(companyProfiles)
    .set({ services: ['logistics'] })
    .where(eq(companyProfiles.organizationId, logistics.company.id))
  shipper = await signInWithCookies(app, logistics.user)
  projectId = (await insertProject(cast.buyer.company.id)).id
  const opened = await call(app, '/api/v1/conversations', { jar: buyer, body: { kind: 'direct', company_id: cast.suppliers[0]!.company.id } })
  conversationId = String(opened.json.id)
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

async function rows(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await database().select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

/** A create operation: who calls it, where, its body for a marker (JSON, or a multipart form), and how many records carry that marker. */
type Operation = {
  name: string
  jar: () => CookieJar
  method?: string
  path: () => string
  status: number
  body: (marker: string) => Record<string, unknown> | FormData | Promise<Record<string, unknown>>
  stored: (marker: string) => Promise<number>
  prepare?: () => Promise<void>
  /** Takes no body (a test event, a replay): a reused key cannot come with a different one. */
  bodyless?: true
}

/** Sends one request of an operation (multipart bodies go as they are, JSON through `call`). */
async function send(operation: Operation, body: Record<string, unknown> | FormData, headers: Record<string, string>) {
  if (!(body instanceof FormData)) return call(app, operation.path(), { method: operation.method ?? 'POST', body, jar: operation.jar(), headers })
  const response = await app.request(`${TEST_PUBLIC_URL}${operation.path()}`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: operation.jar().header(), ...headers },
    body,
  })
  const text = await response.text()
  return { status: response.status, text, json: (text ? JSON.parse(text) : null) as Record<string, unknown> & { code?: string } }
}

/** A file uploaded by the caller through the Files API (its id). */
async function uploaded(jar: CookieJar, purpose: string, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData()
  form.set('purpose', purpose)
  form.set('file', new File([new Uint8Array(bytes)], name))
  const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() },
    body: form,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** A fresh RFQ the supplier is invited to: one quotation per supplier and RFQ, so each test gets its own. */
async function inviteSupplier(): Promise<void> {
  const project = await insertProject(cast.buyer.company.id)
  const rfq = await insertRfq(cast.buyer.company.id, { requirements: project.requirements.slice(0, 1), supplierIds: [cast.suppliers[0]!.company.id] })
  openRfq = { id: rfq.id, lineIds: rfq.lines.map((line) => line.id) }
}

/** A quotation the supplier submitted on a fresh RFQ, to revise. */
async function submittedQuotation(): Promise<void> {
  await inviteSupplier()
  const quotation = await insertQuotation(
    openRfq.id,
    cast.suppliers[0]!.company.id,
    openRfq.lineIds.map((id) => ({ rfqLineId: id, unitPrice: '18' })),
  )
  target = { id: quotation.id, version: 1 }
}

/** A fresh RFQ whose quoting is over, with one submitted quotation to award (each award is its own). */
async function quotationToAward(): Promise<void> {
  const project = await insertProject(cast.buyer.company.id)
  const rfq = await insertRfq(cast.buyer.company.id, {
    requirements: project.requirements.slice(0, 1),
    supplierIds: [cast.suppliers[0]!.company.id],
    deadline: new Date(Date.now() - 60_000),
  })
  const quotation = await insertQuotation(
    rfq.id,
    cast.suppliers[0]!.company.id,
    rfq.lines.map((line) => ({ rfqLineId: line.id, unitPrice: '18' })),
  )
  awarding = { rfqId: rfq.id, quotationId: quotation.id }
}

/** A placed purchase order (one pending change request per order, so each test gets its own). */
async function placedOrder(): Promise<void> {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  target = { id: order.id, version: order.version }
}

/** A confirmed order of the order parties with everything left to ship; `orderLineId` is its first line. */
let orderLineId: string
async function confirmedOrder(): Promise<void> {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  target = { id: order.id, version: order.version + 1 }
  orderLineId = order.lines[0]!.id
}

/** A shipment of a confirmed order on its way to the order buyer, who has a warehouse `receivingWarehouseId` to receive it into. */
let receivingWarehouseId: string
let arrivingLines: string[]
async function arrivingShipment(): Promise<void> {
  await confirmedOrder()
  const order = await getPurchaseOrder(parties.supplier.ctx, target.id)
  const shipmentId = await shipOrder(parties.supplier.ctx, order.id, { [order.lines[0]!.id]: 10 })
  receivingWarehouseId = randomUUID()
  await database()
    .insert(warehouses)
    .values({ id: receivingWarehouseId, organizationId: parties.buyer.company.id, code: `R-${receivingWarehouseId.slice(0, 8)}`, name: 'Receiving' })
  arrivingLines = (await database().select({ id: shipmentLines.id }).from(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId))).map((row) => row.id)
  target = { id: shipmentId, version: 1 }
}

/** A document the order supplier made from a fresh confirmed order and issued (it may be shared). */
async function issuedDocument(): Promise<void> {
  await confirmedOrder()
  const made = await call(app, '/api/v1/documents', {
    body: { source_kind: 'purchase_order', source_id: target.id, type: 'proforma_invoice' },
    jar: orderSupplier,
  })
  const issued = await call(app, `/api/v1/documents/${String(made.json.id)}/issue`, { body: { version: made.json.version }, jar: orderSupplier })
  expect(issued.status, issued.text).toBe(200)
  target = { id: String(made.json.id), version: Number(issued.json.version) }
}

/** A plan id (lowercase letters, digits and hyphens) for a marker. */
const planIdOf = (marker: string) =>
  `idem-${marker
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(-24)}`

/** A document's request has no free text: each marker gets the next language, so two markers make two different bodies. */
const languages = new Map<string, string>()
const languageOf = (marker: string) => {
  if (!languages.has(marker)) languages.set(marker, DOCUMENT_LANGUAGES[languages.size % DOCUMENT_LANGUAGES.length]!)
  return languages.get(marker)!
}

/** An open freight request of the order buyer (one pending quote per provider). */
async function freightRequest(): Promise<void> {
  const body = {
    origin: 'Ningbo',
    origin_country: 'CN',
    destination: 'Rotterdam',
    destination_country: 'NL',
    mode: 'air',
    packages: 3,
    weight_kg: '120',
    volume_m3: '0.8',
    dangerous_goods: false,
    ready_date: '2027-03-01',
    incoterm: 'FCA',
    cargo_description: 'Lamp samples',
  }
  const created = await call(app, '/api/v1/logistic-orders', { body, jar: orderBuyer })
  expect(created.status, created.text).toBe(201)
  target = { id: String(created.json.id), version: Number(created.json.version) }
}

/** A fresh unverified supplier (one pending application at a time) signed in, with a verification document uploaded. */
async function unverifiedSupplier(): Promise<void> {
  const { user } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'unverified' } })
  applicant = await signInWithCookies(app, user)
  applicationDocument = await uploaded(applicant, 'verification', 'licence.pdf', pdfBytes())
}

/** A supplier the buyer has not listed yet (one entry per supplier). */
async function unlistedSupplier(): Promise<void> {
  const { company } = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  target = { id: company.id, version: 1 }
}

/** A project with an empty shortlist (one entry per supplier). */
async function freshProject(): Promise<void> {
  target = { id: (await insertProject(cast.buyer.company.id)).id, version: 1 }
}

const quotationContent = (marker: string) => ({
  currency: 'usd',
  incoterm: 'FOB',
  incoterm_place: 'Shenzhen',
  payment_terms: 'tt_30_70',
  valid_until: inDays(30).slice(0, 10),
  notes: marker,
  lines: openRfq.lineIds.map((id) => ({ rfq_line_id: id, unit_price: '17.5', moq: 50, lead_time_days: 25 })),
})

/** The transfer's other warehouse, made with the level by `stockedLevel`. */
let otherWarehouseId: string

/** A level of 100 units in a fresh warehouse of the buyer's company, and a second warehouse to transfer to. */
async function stockedLevel(): Promise<void> {
  const [warehouseId, levelId] = [randomUUID(), randomUUID()]
  otherWarehouseId = randomUUID()
  await database()
    .insert(warehouses)
    .values([
      { id: warehouseId, organizationId: cast.buyer.company.id, code: `W-${warehouseId.slice(0, 8)}`, name: 'Idempotency stock' },
      { id: otherWarehouseId, organizationId: cast.buyer.company.id, code: `W-${otherWarehouseId.slice(0, 8)}`, name: 'Idempotency target' },
    ])
  await database().insert(stockLevels).values({
    id: levelId,
    organizationId: cast.buyer.company.id,
    warehouseId,
    itemKey: 't:idem|cup',
    sku: 'IDEM',
    description: 'Cup',
    unit: 'piece',
    onHand: 100,
  })
  target = { id: levelId, version: 1 }
}

let assistantThreadId = ''
/** A conversation of the buyer's to ask in (issue 23). */
async function assistantThread() {
  if (!assistantThreadId) assistantThreadId = String((await call(app, '/api/v1/assistant/threads', { body: { kind: 'sourcing' }, jar: buyer })).json.id)
}

let hookEndpointId = ''
let hookDeliveryId = ''
/** A webhook endpoint of the buyer's company with one delivery in its log (issue 25); the port refuses connections. */
async function hookWithDelivery(): Promise<void> {
  hookEndpointId = randomUUID()
  hookDeliveryId = randomUUID()
  await database()
    .insert(webhookEndpoints)
    .values({ id: hookEndpointId, organizationId: cast.buyer.company.id, url: 'http://127.0.0.1:9/hook', topics: ['order'], secretSealed: 'x.y.z' })
  await database().insert(webhookDeliveries).values({
    id: hookDeliveryId,
    endpointId: hookEndpointId,
    organizationId: cast.buyer.company.id,
    messageId: 'msg_idem',
    eventType: 'order.place',
    body: '{}',
  })
}

const OPERATIONS: Operation[] = [
  {
    name: 'POST /v1/api-keys',
    jar: () => buyer,
    path: () => '/api/v1/api-keys',
    status: 201,
    body: (marker) => ({ name: marker, scopes: ['orders:read'] }),
    stored: (marker) => rows(apiKeys, eq(apiKeys.name, marker)),
  },
  {
    name: 'POST /v1/webhooks',
    jar: () => buyer,
    path: () => '/api/v1/webhooks',
    status: 201,
    body: (marker) => ({ url: 'https://erp.example.com/hooks', topics: ['order'], description: marker }),
    stored: (marker) => rows(webhookEndpoints, eq(webhookEndpoints.description, marker)),
  },
  {
    name: 'POST /v1/webhooks/{id}/test',
    jar: () => buyer,
    path: () => `/api/v1/webhooks/${hookEndpointId}/test`,
    status: 201,
    prepare: hookWithDelivery,
    bodyless: true,
    body: () => ({}),
    stored: () => rows(webhookDeliveries, and(eq(webhookDeliveries.endpointId, hookEndpointId), eq(webhookDeliveries.test, true))),
  },
  {
    name: 'POST /v1/webhook-deliveries/{id}/replay',
    jar: () => buyer,
    path: () => `/api/v1/webhook-deliveries/${hookDeliveryId}/replay`,
    status: 201,
    prepare: hookWithDelivery,
    bodyless: true,
    body: () => ({}),
    stored: () => rows(webhookDeliveries, eq(webhookDeliveries.replayOf, hookDeliveryId)),
  },
  {
    // The award answers its orders, not one record: the notes carry the marker onto the order it makes.
    name: 'POST /v1/rfqs/{id}/award',
    jar: () => buyer,
    path: () => `/api/v1/rfqs/${awarding.rfqId}/award`,
    status: 201,
    prepare: quotationToAward,
    body: (marker) => ({ all_to: awarding.quotationId, notes: marker }),
    stored: (marker) => rows(purchaseOrders, eq(purchaseOrders.notes, marker)),
  },
  {
    name: 'POST /v1/assistant/threads',
    jar: () => buyer,
    path: () => '/api/v1/assistant/threads',
    status: 201,
    body: (marker) => ({ kind: 'sourcing', title: marker }),
    stored: (marker) => rows(assistantThreads, eq(assistantThreads.title, marker)),
  },
  {
    // The question is stored once; the retry answers with the reply already given.
    name: 'POST /v1/assistant/threads/{id}/messages',
    jar: () => buyer,
    path: () => `/api/v1/assistant/threads/${assistantThreadId}/messages`,
    status: 201,
    prepare: assistantThread,
    body: (marker) => ({ content: `Find suppliers of ${marker}` }),
    stored: (marker) => rows(assistantMessages, eq(assistantMessages.content, `Find suppliers of ${marker}`)),
  },
  {
    name: 'POST /v1/projects',
    jar: () => buyer,
    path: () => '/api/v1/projects',
    status: 201,
    body: (marker) => ({ name: marker, description: '', currency: 'USD', budget: '1000', deadline: '' }),
    stored: (marker) => rows(purchaseProjects, eq(purchaseProjects.name, marker)),
  },
  {
    name: 'POST /v1/requirements',
    jar: () => buyer,
    path: () => '/api/v1/requirements',
    status: 201,
    body: (marker) => ({
      project_id: projectId,
      title: marker,
      specification: '',
      category_id: '',
      hs_code: '',
      quantity: 10,
      unit: 'pcs',
      target_unit_price: '5',
      target_currency: 'USD',
      required_by: '',
      destination: 'Rotterdam',
    }),
    stored: (marker) => rows(requirements, eq(requirements.title, marker)),
  },
  {
    name: 'POST /v1/rfqs',
    jar: () => buyer,
    path: () => '/api/v1/rfqs',
    status: 201,
    body: (marker) => ({
      title: marker,
      description: '',
      quote_deadline: inDays(7),
      currency: 'usd',
      incoterm: 'FOB',
      incoterm_place: 'Shenzhen',
      sealed: false,
      visibility: 'invited',
      supplier_ids: [cast.suppliers[0]!.company.id],
      requirement_ids: [],
      lines: [{ title: 'Track spotlight 20 W', quantity: 250, unit: 'pcs', target_unit_price: '9.5' }],
      attachment_file_ids: [],
    }),
    stored: (marker) => rows(rfqs, eq(rfqs.title, marker)),
  },
  {
    name: 'PUT /v1/rfq-inbox/{id}/quotation',
    jar: () => supplier,
    method: 'PUT',
    path: () => `/api/v1/rfq-inbox/${openRfq.id}/quotation`,
    status: 200,
    body: quotationContent,
    stored: () => rows(quotations, and(eq(quotations.rfqId, openRfq.id), eq(quotations.supplierCompanyId, cast.suppliers[0]!.company.id))),
    prepare: inviteSupplier,
  },
  {
    name: 'POST /v1/service-offerings',
    jar: () => supplier,
    path: () => '/api/v1/service-offerings',
    status: 201,
    body: (marker) => ({
      service_type: 'inspection',
      title: marker,
      countries: ['CN'],
      price: '280',
      currency: 'USD',
      price_basis: 'per_day',
      lead_time_days: 3,
    }),
    stored: (marker) => rows(serviceOfferings, eq(serviceOfferings.title, marker)),
  },
  {
    name: 'POST /v1/products',
    jar: () => supplier,
    path: () => '/api/v1/products',
    status: 201,
    body: (marker) => ({
      name_en: 'Solar garden lamp',
      sku: marker.slice(0, 40),
      category_id: 'lighting',
      hs_code: '940511',
      origin_country: 'CN',
      unit: 'piece',
      moq: 50,
      lead_time_days: 15,
      attributes: [],
    }),
    stored: (marker) => rows(products, eq(products.sku, marker.slice(0, 40))),
  },
  {
    name: 'POST /v1/addresses',
    jar: () => supplier,
    path: () => '/api/v1/addresses',
    status: 201,
    body: (marker) => ({
      type: 'shipping',
      label: marker.slice(0, 60),
      recipient: 'Goods in',
      phone: '+44 20 7946 0000',
      line1: '1 Poultry',
      city: 'London',
      postal_code: 'ec2r8ef',
      country: 'gb',
    }),
    stored: (marker) => rows(addresses, eq(addresses.label, marker.slice(0, 60))),
  },
  {
    name: 'POST /v1/conversations/{id}/messages',
    jar: () => buyer,
    path: () => `/api/v1/conversations/${conversationId}/messages`,
    status: 201,
    body: (marker) => ({ body: marker }),
    stored: (marker) => rows(messages, eq(messages.body, marker)),
  },
  {
    name: 'POST /v1/companies',
    jar: () => founder,
    path: () => '/api/v1/companies',
    status: 201,
    body: (marker) => ({ kind: 'buyer', legal_name: `${marker} Ltd.`, display_name: marker, country: 'sg', city: 'Singapore' }),
    stored: (marker) => rows(organizations, eq(organizations.name, marker)),
  },
  {
    name: 'POST /v1/companies/current/certifications',
    jar: () => supplier,
    path: () => '/api/v1/companies/current/certifications',
    status: 201,
    body: (marker) => ({ name: marker, issuer: 'TÜV', valid_until: '2029-01-31' }),
    stored: (marker) => rows(certifications, eq(certifications.name, marker)),
  },
  {
    name: 'POST /v1/invitations',
    jar: () => buyer,
    path: () => '/api/v1/invitations',
    status: 201,
    body: (marker) => ({ email: `${marker.toLowerCase()}@example.test`, role: 'member' }),
    stored: (marker) => rows(invitations, eq(invitations.email, `${marker.toLowerCase()}@example.test`)),
  },
  {
    name: 'POST /v1/files',
    jar: () => supplier,
    path: () => '/api/v1/files',
    status: 201,
    body: (marker) => {
      const form = new FormData()
      form.set('purpose', 'attachment')
      form.set('file', new File([new Uint8Array(pdfBytes())], `${marker}.pdf`))
      return form
    },
    stored: (marker) => rows(files, eq(files.name, `${marker}.pdf`)),
  },
  {
    name: 'POST /v1/supplier/applications',
    jar: () => applicant,
    path: () => '/api/v1/supplier/applications',
    status: 201,
    body: (marker) => ({ supplier_type: 'manufacturer', document_file_ids: [applicationDocument], message: marker }),
    stored: (marker) => rows(supplierApplications, eq(supplierApplications.message, marker)),
    prepare: unverifiedSupplier,
  },
  {
    name: 'POST /v1/categories',
    jar: () => platformAdmin,
    path: () => '/api/v1/categories',
    status: 201,
    body: (marker) => ({ id: marker.toLowerCase(), parent_id: null, name_en: marker, name_zh_hans: '测试类目', name_zh_hant: '測試類目' }),
    stored: (marker) => rows(categories, eq(categories.id, marker.toLowerCase())),
  },
  {
    name: 'POST /v1/price-lists',
    jar: () => supplier,
    path: () => '/api/v1/price-lists',
    status: 201,
    body: (marker) => ({ name: marker, currency: 'USD' }),
    stored: (marker) => rows(priceLists, eq(priceLists.name, marker)),
  },
  {
    name: 'POST /v1/product-imports',
    jar: () => supplier,
    path: () => '/api/v1/product-imports',
    status: 201,
    body: async (marker) => ({
      file_id: await uploaded(supplier, 'product_import', `${marker}.csv`, new TextEncoder().encode('sku,name_en\nLAMP-1,Desk lamp\n')),
    }),
    stored: (marker) => rows(importJobs, eq(importJobs.fileName, `${marker}.csv`)),
  },
  {
    name: 'POST /v1/channels',
    jar: () => buyer,
    path: () => '/api/v1/channels',
    status: 201,
    body: (marker) => ({ name: marker, topic: 'Retry safety', visibility: 'public' }),
    stored: (marker) => rows(conversations, eq(conversations.name, marker)),
  },
  {
    name: 'POST /v1/projects/{id}/shortlist',
    jar: () => buyer,
    path: () => `/api/v1/projects/${target.id}/shortlist`,
    status: 201,
    body: (marker) => ({ supplier_company_id: cast.suppliers[0]!.company.id, note: marker }),
    stored: (marker) => rows(shortlistEntries, eq(shortlistEntries.note, marker)),
    prepare: freshProject,
  },
  {
    name: 'POST /v1/shipments',
    jar: () => orderSupplier,
    path: () => '/api/v1/shipments',
    status: 201,
    prepare: confirmedOrder,
    body: (marker) => ({
      lines: [{ order_id: target.id, order_line_id: orderLineId, quantity: 5 }],
      mode: 'air',
      origin: { name: 'Shenzhen', country: 'CN' },
      destination: { name: 'Rotterdam', country: 'NL' },
      etd: '2026-12-01',
      eta: '2026-12-05',
      notes: marker,
    }),
    stored: (marker) => rows(shipments, eq(shipments.notes, marker)),
  },
  {
    name: 'POST /v1/shipments/{id}/receipt',
    jar: () => orderBuyer,
    path: () => `/api/v1/shipments/${target.id}/receipt`,
    status: 201,
    prepare: arrivingShipment,
    body: (marker) => ({
      warehouse_id: receivingWarehouseId,
      version: target.version,
      lines: arrivingLines.map((lineId) => ({ line_id: lineId, received: 10, damaged: 0, note: marker })),
    }),
    stored: (marker) => rows(shipmentLines, eq(shipmentLines.receiptNote, marker)),
  },
  {
    name: 'POST /v1/documents',
    jar: () => orderSupplier,
    path: () => '/api/v1/documents',
    status: 201,
    prepare: confirmedOrder,
    body: (marker) => ({ source_kind: 'purchase_order', source_id: target.id, type: 'proforma_invoice', language: languageOf(marker) }),
    stored: () => rows(documents, eq(documents.sourceId, target.id)),
  },
  {
    name: 'POST /v1/documents/{id}/shares',
    jar: () => orderSupplier,
    path: () => `/api/v1/documents/${target.id}/shares`,
    status: 201,
    prepare: issuedDocument,
    body: (marker) => ({ days: 7, password: '', label: marker, can_decide: false }),
    stored: (marker) => rows(documentShares, eq(documentShares.label, marker)),
  },
  {
    name: 'POST /v1/warehouses',
    jar: () => buyer,
    path: () => '/api/v1/warehouses',
    status: 201,
    body: (marker) => ({ code: marker, name: marker }),
    stored: (marker) => rows(warehouses, eq(warehouses.name, marker)),
  },
  {
    name: 'POST /v1/stock/issues',
    jar: () => buyer,
    path: () => '/api/v1/stock/issues',
    status: 201,
    body: (marker) => ({ level_id: target.id, quantity: 1, note: marker }),
    stored: (marker) => rows(stockMovements, eq(stockMovements.note, marker)),
    prepare: stockedLevel,
  },
  {
    name: 'POST /v1/stock/adjustments',
    jar: () => buyer,
    path: () => '/api/v1/stock/adjustments',
    status: 201,
    body: (marker) => ({ level_id: target.id, quantity: 2, reason: 'found', note: marker }),
    stored: (marker) => rows(stockMovements, eq(stockMovements.note, marker)),
    prepare: stockedLevel,
  },
  {
    name: 'POST /v1/stock/transfers',
    jar: () => buyer,
    path: () => '/api/v1/stock/transfers',
    status: 201,
    body: (marker) => ({ level_id: target.id, to_warehouse_id: otherWarehouseId, quantity: 3, note: marker }),
    stored: (marker) => rows(stockMovements, and(eq(stockMovements.note, marker), eq(stockMovements.kind, 'transfer_out'))),
    prepare: stockedLevel,
  },
  {
    name: 'POST /v1/approved-suppliers',
    jar: () => buyer,
    path: () => '/api/v1/approved-suppliers',
    status: 201,
    body: (marker) => ({ supplier_company_id: target.id, status: 'trial', note: marker }),
    stored: (marker) => rows(approvedSuppliers, eq(approvedSuppliers.note, marker)),
    prepare: unlistedSupplier,
  },
  {
    name: 'POST /v1/rfqs/{id}/questions',
    jar: () => supplier,
    path: () => `/api/v1/rfqs/${openRfq.id}/questions`,
    status: 201,
    body: (marker) => ({ question: marker }),
    stored: (marker) => rows(rfqQuestions, eq(rfqQuestions.question, marker)),
    prepare: inviteSupplier,
  },
  {
    name: 'POST /v1/quotations/{id}/revise',
    jar: () => supplier,
    path: () => `/api/v1/quotations/${target.id}/revise`,
    status: 200,
    body: (marker) => ({ ...quotationContent(marker), version: target.version }),
    stored: () => rows(quotationRevisions, eq(quotationRevisions.quotationId, target.id)),
    prepare: submittedQuotation,
  },
  {
    name: 'POST /v1/orders/{id}/change-requests',
    jar: () => orderBuyer,
    path: () => `/api/v1/orders/${target.id}/change-requests`,
    status: 201,
    body: (marker) => ({ kind: 'change', version: target.version, reason: marker, requested_delivery_date: '2027-04-01' }),
    stored: (marker) => rows(purchaseOrderChangeRequests, eq(purchaseOrderChangeRequests.reason, marker)),
    prepare: placedOrder,
  },
  {
    name: 'POST /v1/service-orders/{id}/quotes',
    jar: () => shipper,
    path: () => `/api/v1/service-orders/${target.id}/quotes`,
    status: 201,
    body: (marker) => ({ price: '640.00', currency: 'USD', transit_days: 4, valid_until: '2099-01-01', note: marker }),
    stored: (marker) => rows(freightQuotes, eq(freightQuotes.note, marker)),
    prepare: freightRequest,
  },
  {
    name: 'POST /v1/finance/bank-accounts',
    jar: () => supplier,
    path: () => '/api/v1/finance/bank-accounts',
    status: 201,
    body: (marker) => ({ holder_name: marker, bank_name: 'HSBC', currency: 'GBP', scheme: 'iban', account_number: 'GB33BUKB20201555555555', bic: 'BUKBGB22' }),
    stored: (marker) => rows(bankAccounts, eq(bankAccounts.holderName, marker)),
  },
  {
    name: 'POST /v1/finance/payments',
    jar: () => orderBuyer,
    path: () => '/api/v1/finance/payments',
    status: 201,
    prepare: confirmedOrder,
    body: (marker) => ({ order_id: target.id, stage: stageOf(marker), provider: 'bank_transfer' }),
    stored: () => rows(payments, eq(payments.orderId, target.id)),
  },
  {
    name: 'POST /v1/finance/payouts',
    jar: () => orderSupplier,
    path: () => '/api/v1/finance/payouts',
    status: 201,
    prepare: fundSupplier,
    body: (marker) => ({ bank_account_id: payoutAccountId, currency: 'USD', amount: payoutAmountOf(marker) }),
    stored: (marker) =>
      rows(payouts, and(eq(payouts.organizationId, parties.supplier.company.id), eq(payouts.amountMinor, BigInt(Number(payoutAmountOf(marker)) * 100)))),
  },
  {
    name: 'POST /v1/finance/payouts/{id}/decision',
    jar: () => platformAdmin,
    path: () => `/api/v1/finance/payouts/${target.id}/decision`,
    status: 200,
    prepare: () => pendingPayout(false),
    body: (marker) => ({ decision: 'reject', reason: marker }),
    stored: (marker) => rows(payouts, eq(payouts.reason, marker)),
  },
  {
    name: 'POST /v1/finance/payouts/{id}/outcome',
    jar: () => platformAdmin,
    path: () => `/api/v1/finance/payouts/${target.id}/outcome`,
    status: 200,
    prepare: () => pendingPayout(true),
    body: (marker) => ({ outcome: 'failed', reason: marker }),
    stored: (marker) => rows(payouts, eq(payouts.reason, marker)),
  },
  {
    name: 'POST /v1/finance/statements',
    jar: () => platformAdmin,
    path: () => '/api/v1/finance/statements',
    status: 201,
    body: (marker) => ({ file_name: `${marker}.csv`, csv: `date,amount,currency,reference,payer\n2026-12-01,10.00,USD,${marker},Harbour Lantern Trading\n` }),
    stored: (marker) => rows(bankStatements, eq(bankStatements.fileName, `${marker}.csv`)),
  },
  {
    name: 'POST /v1/admin/plans',
    jar: () => platformAdmin,
    path: () => '/api/v1/admin/plans',
    status: 201,
    body: (marker) => ({
      id: planIdOf(marker),
      name: { en: marker, 'zh-Hans': marker, 'zh-Hant': marker },
      description: { en: 'Idempotency', 'zh-Hans': '幂等', 'zh-Hant': '冪等' },
      currency: 'USD',
      monthly_price: '9',
      yearly_price: '90',
      features: [],
      position: 50,
    }),
    stored: (marker) => rows(plans, eq(plans.id, planIdOf(marker))),
  },
  {
    name: 'POST /v1/finance/orders/{id}/ruling',
    jar: () => platformAdmin,
    path: () => `/api/v1/finance/orders/${target.id}/ruling`,
    status: 200,
    prepare: disputedPaidOrder,
    body: (marker) => ({ refund_percent: '25', note: marker }),
    stored: (marker) => rows(purchaseOrderEvents, and(eq(purchaseOrderEvents.orderId, target.id), eq(purchaseOrderEvents.note, marker))),
  },
]

/** An instalment per marker, alternating: a second body for the same key asks for the other instalment. */
const stages = new Map<string, string>()
const stageOf = (marker: string) => {
  if (!stages.has(marker)) stages.set(marker, stages.size % 2 === 0 ? 'deposit' : 'balance')
  return stages.get(marker)!
}

/** A payout amount per marker (whole dollars, each marker its own). */
const payoutAmounts = new Map<string, string>()
const payoutAmountOf = (marker: string) => {
  if (!payoutAmounts.has(marker)) payoutAmounts.set(marker, `${100 + payoutAmounts.size}.00`)
  return payoutAmounts.get(marker)!
}

/**
 * The order supplier, ready for payouts (KYC accepted, a verified USD account), with one more prepaid order's worth
 * (1578.98 USD after the escrow fee) to pay out: paid, confirmed by the bank, released on completion.
 */
let payoutAccountId = ''
async function fundSupplier(): Promise<void> {
  payoutAccountId ||= await readyForPayouts(parties.supplier.company.id)
  const admin = await platformAdminContext()
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'prepayment' })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  const paid = await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'bank_transfer' }), {
    returnUrl: `${TEST_PUBLIC_URL}/en/app/orders/${order.id}/view`,
  })
  const [payment] = await database().select().from(payments).where(eq(payments.id, paid.id))
  await moneyStep(async (tx, events) =>
    events.push(...(await holdPayment(tx, paid.id, { amountMinor: payment!.amountMinor, currency: payment!.currency }, admin))),
  )
  await followOrder(order.id, 'complete')
}

/** A prepaid order whose money is held, shipped, delivered and disputed by the buyer: a platform admin's ruling is due. */
async function disputedPaidOrder(): Promise<void> {
  const admin = await platformAdminContext()
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'prepayment' })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  const paid = await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'bank_transfer' }), {
    returnUrl: `${TEST_PUBLIC_URL}/en/app/orders/${order.id}/view`,
  })
  const [payment] = await database().select().from(payments).where(eq(payments.id, paid.id))
  await moneyStep(async (tx, events) =>
    events.push(...(await holdPayment(tx, paid.id, { amountMinor: payment!.amountMinor, currency: payment!.currency }, admin))),
  )
  await shipOrder(parties.supplier.ctx, order.id, Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])))
  const shipped = await getPurchaseOrder(parties.buyer.ctx, order.id)
  await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'deliver', version: shipped.version, reason: '' })
  const delivered = await getPurchaseOrder(parties.buyer.ctx, order.id)
  await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'dispute', version: delivered.version, reason: 'Broken lamps' })
  target = { id: order.id, version: 1 }
}

/** A payout the order supplier asked for, pending (or accepted by a platform admin). */
async function pendingPayout(accepted: boolean): Promise<void> {
  await fundSupplier()
  const payout = await requestPayout(parties.supplier.ctx, RequestPayoutInput.parse({ bankAccountId: payoutAccountId, currency: 'USD', amount: '1000' }))
  if (accepted) await decidePayout(await platformAdminContext(), payout.id, { decision: 'accept' })
  target = { id: payout.id, version: 1 }
}

let adminContext: Awaited<ReturnType<typeof factoryPlatformAdmin>> | undefined
const platformAdminContext = async () => (adminContext ??= await factoryPlatformAdmin())

describe('Idempotency-Key on every create operation', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: a retry with the same key answers with the first record and creates nothing`, async () => {
      await operation.prepare?.()
      const key = `retry-${randomUUID()}`
      const marker = `Idem-${randomUUID().slice(0, 12)}`
      const body = await operation.body(marker)
      const first = await send(operation, body, { 'idempotency-key': key })
      expect(first.status, first.text).toBe(operation.status)
      const again = await send(operation, body, { 'idempotency-key': key })
      expect(again.status, again.text).toBe(operation.status)
      // The same record; an answer without an id (the award's orders) is the same answer.
      const idOf = (json: Record<string, unknown>) =>
        json.id ?? (json.key as { id?: string } | undefined)?.id ?? (json.endpoint as { id?: string } | undefined)?.id ?? json
      expect(idOf(again.json)).toEqual(idOf(first.json))
      expect(await operation.stored(marker)).toBe(1)

      const malformed = await send(operation, body, { 'idempotency-key': 'spaces are not allowed' })
      expect(malformed.status).toBeGreaterThanOrEqual(400)
      expect(malformed.status).toBeLessThan(500)
      expect(await operation.stored(marker)).toBe(1)
    })
  }

  for (const operation of OPERATIONS.filter((op) => !op.name.includes('messages') && !op.bodyless)) {
    it(`${operation.name}: the same key with a different body is 409 idempotency_key_reused`, async () => {
      await operation.prepare?.()
      const key = `reuse-${randomUUID()}`
      const first = await send(operation, await operation.body(`Idem-${randomUUID().slice(0, 12)}`), { 'idempotency-key': key })
      expect(first.status, first.text).toBe(operation.status)
      const other = `Idem-${randomUUID().slice(0, 12)}`
      const before = await operation.stored(other)
      const reused = await send(operation, await operation.body(other), { 'idempotency-key': key })
      expect(reused.status, reused.text).toBe(409)
      expect(reused.json).toMatchObject({ code: 'idempotency_key_reused' })
      expect(await operation.stored(other)).toBe(before)
    })
  }
})

type Spec = { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; responses: Record<string, unknown> }>> }

const STEP = 'a step on an existing record, checked against its version or state: a retry is refused, nothing is created'
const REPLACES = 'replaces what the path names with the body: a retry writes the same thing again'
const SETS = 'sets a flag or a membership that a retry finds already set'

/**
 * The POST and PUT operations under /api/v1 that create no record, each with why a retry needs no key. Every other
 * POST or PUT must declare Idempotency-Key, so a new create operation without it fails the test below.
 */
const NOT_CREATES: Record<string, string> = {
  'POST /api/v1/api-keys/{id}/revoke': SETS,
  'POST /api/v1/webhooks/{id}/rotate-secret': 'replaces the endpoint’s signing secret; a retry replaces it again (the last answer is the one in force)',
  'PUT /api/v1/companies/current': REPLACES,
  'PUT /api/v1/billing/plan': 'chooses the company’s plan; choosing the same plan and period again changes nothing',
  'PUT /api/v1/admin/plans/{id}': 'replaces the plan’s terms against its version; a retry is refused as stale (409)',
  'POST /api/v1/admin/plans/{id}/retire': SETS,
  'POST /api/v1/admin/plans/{id}/default': SETS,
  'PUT /api/v1/admin/companies/{id}/plan': 'puts the company on the plan; a retry finds it there (and notes the assignment again)',
  'POST /api/v1/admin/plan-invoices/{id}/mark-paid': 'settles an open invoice once; a retry finds it paid and books nothing twice',
  'POST /api/v1/admin/plan-invoices/{id}/void': SETS,
  'POST /api/v1/companies/{id}/restore': 'restores a deleted company; a restored one is not found as deleted again',
  'PUT /api/v1/session/company': REPLACES,
  'POST /api/v1/members/leave': 'ends the caller’s membership; a retry finds none',
  'POST /api/v1/members/{id}/transfer-ownership': SETS,
  'POST /api/v1/invitations/{id}/resend': 'mails an existing invitation again with a new link (at most 5 sends); creates nothing',
  'POST /api/v1/invitations/accept': 'uses up the invitation of the link; a retry finds it accepted',
  'POST /api/v1/invitations/decline': 'uses up the invitation of the link; a retry finds it declined',
  'POST /api/v1/addresses/{id}/default': SETS,
  'POST /api/v1/warehouses/{id}/archive': SETS,
  'POST /api/v1/warehouses/{id}/restore': SETS,
  'PUT /api/v1/supplier/profile': REPLACES,
  'POST /api/v1/admin/verifications/{id}/decision': 'decides a pending application once; a retry finds it decided',
  'PUT /api/v1/admin/users/{id}/role': REPLACES,
  'POST /api/v1/admin/users/{id}/ban': SETS,
  'POST /api/v1/admin/users/{id}/unban': SETS,
  'PUT /api/v1/products/{id}': STEP,
  'PUT /api/v1/products/{id}/images': REPLACES,
  'POST /api/v1/products/status': SETS,
  'PUT /api/v1/price-lists/{id}': REPLACES,
  'PUT /api/v1/price-lists/{id}/lines': REPLACES,
  'POST /api/v1/price-lists/{id}/activate': SETS,
  'PUT /api/v1/product-imports/{id}/mapping': REPLACES,
  'POST /api/v1/product-imports/{id}/dry-run': 'checks the rows and changes no product',
  'POST /api/v1/product-imports/{id}/start': STEP,
  'POST /api/v1/categories/{id}/move': REPLACES,
  'POST /api/v1/categories/{id}/reorder': 'moves a category among its siblings; it creates nothing',
  'PUT /api/v1/orders/{id}': STEP,
  'POST /api/v1/orders/{id}/transitions': STEP,
  'POST /api/v1/orders/{id}/change-requests/{changeId}/decision': STEP,
  'PUT /api/v1/customers/{id}/note': REPLACES,
  'POST /api/v1/notifications/read': SETS,
  'PUT /api/v1/notification-settings': REPLACES,
  'POST /api/v1/service-orders/{id}/transitions': STEP,
  'PUT /api/v1/service-offerings/{id}': STEP,
  'POST /api/v1/service-orders/{id}/quotes/{quoteId}/withdraw': STEP,
  'POST /api/v1/service-orders/{id}/accept-quote': STEP,
  'PUT /api/v1/rfqs/{id}': STEP,
  'POST /api/v1/rfqs/{id}/transitions': STEP,
  'POST /api/v1/rfqs/{id}/questions/{qid}/answer': REPLACES,
  'POST /api/v1/rfq-inbox/{id}/decline': STEP,
  'POST /api/v1/quotations/{id}/submit': STEP,
  'POST /api/v1/quotations/{id}/withdraw': STEP,
  'POST /api/v1/quotations/{id}/decision': STEP,
  'PUT /api/v1/projects/{id}/shortlist/{supplierId}': REPLACES,
  'PUT /api/v1/approved-suppliers/{supplierId}': REPLACES,
  'POST /api/v1/shipments/{id}/tracking-events': 'stores each event once under its de-duplication key: a retry finds it stored and answers stored: false',
  'PUT /api/v1/shipments/{id}/warehouse': SETS,
  'POST /api/v1/documents/{id}/issue': STEP,
  'POST /api/v1/documents/{id}/void': STEP,
  'POST /api/v1/documents/{id}/decision': STEP,
  'POST /api/v1/documents/batches': 'queues a zip of the record’s documents (202 Accepted): a retry queues another batch of the same papers',
  'POST /api/v1/shared-documents/{token}/decision': 'answers the issued version once: a retry finds it answered (409)',
  'POST /api/v1/tracking/webhooks/{provider}': 'stores each carrier event once under its de-duplication key: a redelivered webhook stores nothing new',
  'POST /api/v1/tracking/events/import': 'stores each row’s event once under its de-duplication key: the same file again stores nothing new',
  'PUT /api/v1/rfqs/{id}/assumptions': REPLACES,
  'POST /api/v1/fx-rates': 'adds or replaces the rate of one currency and day: a retry replaces it with itself',
  'POST /api/functions/landed-cost': 'a calculation: writes nothing',
  'POST /api/functions/convert-currency': 'a calculation: writes nothing',
  'POST /api/functions/hs-classify': 'a suggestion: writes nothing',
  'POST /api/functions/validate-iban': 'a check: writes nothing',
  'POST /api/v1/fx-rates/import-ecb': 'adds or replaces the ECB rates of their day: a retry replaces them with themselves',
  'PUT /api/v1/projects/{id}': STEP,
  'POST /api/v1/projects/{id}/transitions': STEP,
  'PUT /api/v1/requirements/{id}': STEP,
  'PUT /api/v1/projects/{id}/requirements/bulk': 'saves the project’s list as a whole: a retry leaves the same list (rows it added are replaced, not doubled)',
  'POST /api/v1/conversations': 'finds the thread of its subject or starts it: a retry finds the one the first request started',
  'POST /api/v1/conversations/{id}/read': SETS,
  'PUT /api/v1/messages/{id}/reactions/{emoji}': SETS,
  'POST /api/v1/channels/{id}/join': SETS,
  'POST /api/v1/channels/{id}/leave': SETS,
  'POST /api/v1/channels/{id}/members': SETS,
  'POST /api/v1/finance/bank-accounts/{id}/default': SETS,
  'POST /api/v1/finance/payments/{id}/collect': 'opens the card checkout of an awaited payment again; it creates nothing',
  'PUT /api/v1/finance/kyc': REPLACES,
  'POST /api/v1/finance/kyc/submit': STEP,
  'POST /api/v1/finance/reviews/kyc/{companyId}': 'decides a submitted KYC profile once; a retry finds it decided',
  'POST /api/v1/finance/reviews/bank-accounts/{id}': 'decides a pending bank account once; a retry finds it decided',
  'POST /api/v1/finance/webhooks/stripe': 'acts on each Stripe event once, by its event id: a redelivered event moves nothing',
  'POST /api/v1/finance/statement-lines/{id}/match': 'matches an unmatched line once; a retry finds it matched (409)',
  'POST /api/v1/finance/statement-lines/{id}/ignore': 'sets an unmatched line aside once; a retry finds it set aside (409)',
  'POST /api/v1/finance/refunds/{id}/sent': 'marks a granted refund sent once; a retry finds it sent (409)',
  'POST /api/v1/hs-codes/classify': 'ranks headings for a description: a read that writes nothing',
  'PUT /api/v1/eping/notifications/{id}/review': REPLACES,
  'PUT /api/v1/eping/subscription': REPLACES,
  'PUT /api/v1/assistant/threads/{id}/settings': REPLACES,
  'POST /api/v1/assistant/drafts/{id}/confirm': 'creates the drafted record once per draft: a second call answers with the same record',
  'PUT /api/v1/assistant/config': REPLACES,
  'PUT /api/v1/assistant/companies/{id}': REPLACES,
}

describe('the OpenAPI description', () => {
  let spec: Spec
  beforeAll(async () => {
    spec = (await call(app, '/api/openapi.json')).json as unknown as Spec
  })

  const writes = () =>
    Object.entries(spec.paths)
      .filter(([route]) => route.startsWith('/api/v1/') || route.startsWith('/api/functions/'))
      .flatMap(([route, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) =>
          method === 'post' || method === 'put' ? [{ name: `${method.toUpperCase()} ${route}`, operation }] : [],
        ),
      )

  it('declares the Idempotency-Key header on every POST and PUT that may create a record', () => {
    const missing = writes()
      .filter(
        ({ name, operation }) =>
          !(name in NOT_CREATES) && !(operation.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'),
      )
      .map(({ name }) => name)
    expect(missing).toEqual([])
    for (const operation of OPERATIONS) expect(Object.keys(NOT_CREATES)).not.toContain(operation.name.replace(' /v1/', ' /api/v1/'))
  })

  it('lists as creating nothing only operations that exist and answer no 201 Created', () => {
    const byName = new Map(writes().map(({ name, operation }) => [name, operation]))
    for (const name of Object.keys(NOT_CREATES)) {
      expect(byName.has(name), name).toBe(true)
      expect(Object.keys(byName.get(name)?.responses ?? {}), name).not.toContain('201')
    }
  })

  it('covers every operation that declares the header with a retry test here, orders and service orders aside (their own tests)', () => {
    const tested = new Set(OPERATIONS.map((operation) => operation.name.replace(' /v1/', ' /api/v1/')))
    const declared = writes()
      .filter(({ operation }) => (operation.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'))
      .map(({ name }) => name)
      .filter((name) => !['POST /api/v1/orders', 'POST /api/v1/service-orders', 'POST /api/v1/logistic-orders'].includes(name))
    expect(declared.filter((name) => !tested.has(name))).toEqual([])
  })
})
