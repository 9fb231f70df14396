import { createHash, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { addresses, certifications, invitations, supplierApplications } from '../../app/modules/companies/companies.tables.server'
import { files } from '../../app/modules/kernel/kernel.tables.server'
import { importJobs, priceLists, products } from '../../app/modules/catalog/catalog.tables.server'
import { database } from '../../app/platform/db/index.server'
import { freightQuotes, purchaseOrders, serviceOfferings, serviceOrders } from '../../app/modules/orders/orders.tables.server'
import { purchaseProjects as matrixProjects, requirements as matrixRequirements } from '../../app/modules/sourcing/sourcing.tables.server'
import { approvedSuppliers as matrixApprovedSuppliers, shortlistEntries as matrixShortlist } from '../../app/modules/sourcing/sourcing.tables.server'
import {
  quotations as matrixQuotations,
  rfqInvitations as matrixInvitations,
  rfqLines as matrixRfqLines,
  rfqs as matrixRfqs,
} from '../../app/modules/sourcing/sourcing.tables.server'
import {
  conversationMembers as matrixChannelMembers,
  conversations as matrixConversations,
  messages as matrixMessages,
} from '../../app/modules/messaging/messaging.tables.server'
import { stockLevels as matrixStockLevels, warehouses as matrixWarehouses } from '../../app/modules/inventory/inventory.tables.server'
import { shipments as matrixShipments } from '../../app/modules/logistics/logistics.tables.server'
import {
  documentBatches as matrixDocumentBatches,
  documents as matrixDocuments,
  documentShares as matrixDocumentShares,
  documentVersions as matrixDocumentVersions,
} from '../../app/modules/documents/documents.tables.server'
import { bankAccounts as matrixBankAccounts } from '../../app/modules/finance/finance.tables.server'
import { assistantDrafts as matrixAssistantDrafts, assistantThreads as matrixAssistantThreads } from '../../app/modules/assistant/assistant.tables.server'
import { payments as matrixPaperPayments } from '../../app/modules/finance/finance.tables.server'
import { payouts as matrixPayouts } from '../../app/modules/finance/finance.tables.server'
import { epingNotifications as matrixEpingNotifications } from '../../app/modules/compliance/compliance.tables.server'
import { planInvoices as matrixPlanInvoices } from '../../app/modules/billing/billing.tables.server'
import {
  apiKeys as matrixApiKeys,
  webhookDeliveries as matrixWebhookDeliveries,
  webhookEndpoints as matrixWebhookEndpoints,
} from '../../app/modules/developers/developers.tables.server'
import { API_SCOPES, hashApiKey, scopeRequirement, scopesGrant } from '../../app/modules/developers/index.server'
import { addMember, createMember } from '../../db/factories/companies'
import { createUser } from '../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../tests/support/http'
import { TEST_PUBLIC_URL, testEnv } from '../../tests/support/test-env'
import { setEnvForTesting } from '../../app/platform/env.server'
import type { Access } from '../../app/platform/api/schemas'

/**
 * The authorization matrix (issue 4): every operation of the OpenAPI document is called as
 * - nobody → 401, unless public;
 * - a user without a company → 403 for company operations;
 * - the highest role that may NOT act → 403 (member below admin, admin below owner, a plain user for platform admin);
 * - an owner of another company → 404 for the record named by `resource`.
 * An operation without `x-access`, a write without a body example, or a path without a fixture fails here,
 * so every new endpoint is covered as soon as it exists.
 */

type Operation = {
  'x-access'?: Access
  tags?: string[]
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { example?: unknown; default?: unknown }; example?: unknown }>
  requestBody?: { content?: Record<string, { schema?: { $ref?: string; example?: unknown } }> }
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, { example?: unknown }> } }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/** Better Auth's own endpoints (merged into the document under this tag): its session checks are exercised by the auth tests. */
const isBetterAuth = (op: Operation) => op.tags?.includes('Authentication (Better Auth)') ?? false

let app: ReturnType<typeof testApp>
let doc: Document
const jars: Record<'ownerA' | 'adminA' | 'memberA' | 'ownerB' | 'lonely' | 'platformAdmin', CookieJar> = {} as never
/** Record ids of company A per path template; a new path with parameters needs an entry here. */
let fixtures: Record<string, Record<string, string>> = {}
let ownerAId = ''
let companyAId = ''

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Matrix A', kind: 'supplier' } })
  const adminA = await createUser()
  const memberA = await createUser()
  const memberRowA = await addMember(a.company.id, memberA.id, 'member')
  await addMember(a.company.id, adminA.id, 'admin')
  const b = await createMember({ role: 'owner', companyInput: { name: 'Matrix B' } })
  const lonely = await createUser()
  const platformAdmin = await createUser({ role: 'admin' })
  for (const [key, user] of Object.entries({ ownerA: a.user, adminA, memberA, ownerB: b.user, lonely, platformAdmin }))
    jars[key as keyof typeof jars] = await signInWithCookies(app, user)

  const companyId = a.company.id
  const fileId = randomUUID()
  await database().insert(files).values({
    id: fileId,
    organizationId: companyId,
    uploadedBy: a.user.id,
    name: 'licence.pdf',
    contentType: 'application/pdf',
    sizeBytes: 10,
    purpose: 'verification',
    storageKey: fileId,
    sha256: 'x',
  })
  const addressId = randomUUID()
  await database().insert(addresses).values({
    id: addressId,
    organizationId: companyId,
    type: 'shipping',
    label: 'Main',
    line1: '1 Road',
    city: 'Shenzhen',
    country: 'CN',
    postalCode: '518000',
    isDefault: true,
  })
  const invitationId = randomUUID()
  await database()
    .insert(invitations)
    .values({
      id: invitationId,
      organizationId: companyId,
      email: 'invited@example.test',
      role: 'member',
      tokenHash: createHash('sha256').update(randomUUID()).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
  const certificationId = randomUUID()
  await database().insert(certifications).values({ id: certificationId, organizationId: companyId, name: 'ISO 9001' })
  const applicationId = randomUUID()
  await database()
    .insert(supplierApplications)
    .values({ id: applicationId, organizationId: companyId, supplierType: 'manufacturer', documentFileIds: [fileId] })
  const productId = randomUUID()
  await database()
    .insert(products)
    .values({ id: productId, organizationId: companyId, sku: 'MATRIX-1', nameEn: 'Matrix lamp', categoryId: 'lighting', originCountry: 'CN', unit: 'piece' })

  const priceListId = randomUUID()
  await database().insert(priceLists).values({ id: priceListId, organizationId: companyId, name: 'Matrix list', currency: 'USD' })
  const importJobId = randomUUID()
  await database().insert(importJobs).values({ id: importJobId, organizationId: companyId, createdBy: a.user.id, fileName: 'products.csv' })

  // A freight request of company A with one quote from a third company (service orders).
  const serviceOrderId = randomUUID()
  await database().insert(serviceOrders).values({
    id: serviceOrderId,
    number: 'LO-2026-99999',
    kind: 'logistic',
    serviceType: 'logistics',
    buyerCompanyId: companyId,
    buyerName: 'Matrix A',
    status: 'quoting',
  })
  const quoteProvider = await createMember({ role: 'owner', companyInput: { name: 'Matrix C', kind: 'service_provider' } })
  const freightQuoteId = randomUUID()
  await database().insert(freightQuotes).values({
    id: freightQuoteId,
    orderId: serviceOrderId,
    providerCompanyId: quoteProvider.company.id,
    currency: 'USD',
    price: '100',
    transitDays: 5,
    validUntil: '2099-01-01',
  })

  // An API key, a webhook endpoint and one of its deliveries of company A (issue 25).
  const apiKeyId = randomUUID()
  await database()
    .insert(matrixApiKeys)
    .values({
      id: apiKeyId,
      organizationId: companyId,
      createdBy: a.user.id,
      name: 'Matrix key',
      prefix: 'tpk_matrix00',
      secretHash: randomUUID(),
      scopes: ['orders:read'],
    })
  const webhookEndpointId = randomUUID()
  await database()
    .insert(matrixWebhookEndpoints)
    .values({ id: webhookEndpointId, organizationId: companyId, url: 'https://erp.example.com/hooks', topics: ['order'], secretSealed: 'x.y.z' })
  const webhookDeliveryId = randomUUID()
  await database()
    .insert(matrixWebhookDeliveries)
    .values({ id: webhookDeliveryId, endpointId: webhookEndpointId, organizationId: companyId, messageId: 'msg_matrix', eventType: 'order.place', body: '{}' })
  ownerAId = a.user.id
  companyAId = companyId

  // An open invoice of company A for a month of the Business plan (issue 24).
  const planInvoiceId = randomUUID()
  await database()
    .insert(matrixPlanInvoices)
    .values({
      id: planInvoiceId,
      number: 'PLN-2026-900001',
      organizationId: companyId,
      planId: 'business',
      period: 'monthly',
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-12-01T00:00:00Z'),
      currency: 'USD',
      amountMinor: 4900n,
      issuedAt: new Date('2026-11-01T00:00:00Z'),
      dueAt: new Date('2026-11-15T00:00:00Z'),
    })

  // A sourcing conversation of A's owner with a draft the assistant proposed (issue 23).
  const assistantThreadId = randomUUID()
  const assistantDraftId = randomUUID()
  await database().insert(matrixAssistantThreads).values({ id: assistantThreadId, userId: a.user.id, companyId, kind: 'sourcing', title: 'Mugs' })
  await database()
    .insert(matrixAssistantDrafts)
    .values({
      id: assistantDraftId,
      threadId: assistantThreadId,
      messageId: randomUUID(),
      companyId,
      userId: a.user.id,
      target: 'requirement',
      fields: { title: 'Mugs', quantity: 10, unit: 'pcs' },
    })

  // A purchase order company A buys from a third company (placed, with an attachment); B is no party to it.
  const orderSupplier = await createMember({ role: 'owner', companyInput: { name: 'Matrix D', kind: 'supplier' } })
  const purchaseOrderId = randomUUID()
  await database()
    .insert(purchaseOrders)
    .values({
      id: purchaseOrderId,
      number: 'PO-2026-99999',
      buyerCompanyId: companyId,
      supplierCompanyId: orderSupplier.company.id,
      buyerName: 'Matrix A',
      supplierName: 'Matrix D',
      status: 'placed',
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Ningbo',
      paymentTerms: 'tt_30_70',
      attachmentFileIds: [fileId],
    })

  // A purchase project of company A with one requirement (sourcing: projects).
  const matrixProjectId = randomUUID()
  await database()
    .insert(matrixProjects)
    .values({ id: matrixProjectId, organizationId: companyId, number: 'PRJ-2026-99999', name: 'Matrix project', currency: 'USD' })
  const matrixRequirementId = randomUUID()
  await database()
    .insert(matrixRequirements)
    .values({ id: matrixRequirementId, organizationId: companyId, projectId: matrixProjectId, title: 'Matrix requirement', quantity: 10, unit: 'pcs' })

  // Quotations: an RFQ of a third company inviting A, with A's submitted quotation; and an RFQ of A (as buyer).
  const quoteBuyer = await createMember({ role: 'owner', companyInput: { name: 'Matrix E', kind: 'buyer' } })
  const inboxRfqId = randomUUID()
  const ownRfqId = randomUUID()
  const inAWeek = new Date(Date.now() + 7 * 86_400_000)
  await database()
    .insert(matrixRfqs)
    .values([
      {
        id: inboxRfqId,
        organizationId: quoteBuyer.company.id,
        number: 'RFQ-2026-99998',
        title: 'Matrix inbox RFQ',
        status: 'open',
        quoteDeadline: inAWeek,
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: 'Ningbo',
      },
      {
        id: ownRfqId,
        organizationId: companyId,
        number: 'RFQ-2026-99997',
        title: 'Matrix own RFQ',
        status: 'open',
        quoteDeadline: inAWeek,
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: 'Ningbo',
      },
    ])
  await database().insert(matrixRfqLines).values({ id: randomUUID(), rfqId: inboxRfqId, position: 0, title: 'Matrix line', quantity: 10, unit: 'pcs' })
  await database().insert(matrixInvitations).values({ rfqId: inboxRfqId, supplierCompanyId: companyId, status: 'quoted' })
  const matrixQuotationId = randomUUID()
  await database().insert(matrixQuotations).values({
    id: matrixQuotationId,
    rfqId: inboxRfqId,
    supplierCompanyId: companyId,
    status: 'submitted',
    revision: 1,
    currency: 'USD',
    incoterm: 'FOB',
    incotermPlace: 'Ningbo',
    paymentTerms: 'tt_30_70',
    validUntil: '2099-12-31',
    submittedAt: new Date(),
  })

  // Finding suppliers: Matrix D on the project's shortlist and on A's approved-supplier list.
  await database().insert(matrixShortlist).values({ projectId: matrixProjectId, supplierCompanyId: orderSupplier.company.id })
  await database().insert(matrixApprovedSuppliers).values({ organizationId: companyId, supplierCompanyId: orderSupplier.company.id, status: 'approved' })

  // Conversations: A's thread on the purchase order with Matrix D (a message with an attachment) and A's public channel.
  const threadId = randomUUID()
  const channelId = randomUUID()
  await database()
    .insert(matrixConversations)
    .values([
      {
        id: threadId,
        kind: 'order',
        organizationId: companyId,
        counterpartOrganizationId: orderSupplier.company.id,
        subjectId: purchaseOrderId,
        threadKey: `order:${purchaseOrderId}`,
      },
      { id: channelId, kind: 'channel', organizationId: companyId, name: 'Matrix channel', visibility: 'public' },
    ])
  await database().insert(matrixChannelMembers).values({ conversationId: channelId, userId: a.user.id, role: 'owner' })
  const [matrixMessage] = await database()
    .insert(matrixMessages)
    .values({
      id: randomUUID(),
      conversationId: threadId,
      authorId: a.user.id,
      authorOrganizationId: companyId,
      body: 'Matrix message',
      attachmentFileIds: [fileId],
    })
    .returning()
  const messageId = matrixMessage?.id ?? ''

  // Inventory: a warehouse of A with one stock level.
  const warehouseId = randomUUID()
  await database().insert(matrixWarehouses).values({ id: warehouseId, organizationId: companyId, code: 'MATRIX', name: 'Matrix warehouse' })
  const stockLevelId = randomUUID()
  await database().insert(matrixStockLevels).values({
    id: stockLevelId,
    organizationId: companyId,
    warehouseId,
    itemKey: 't:matrix|matrix lamp',
    sku: 'MATRIX',
    description: 'Matrix lamp',
    unit: 'piece',
  })

  // Logistics: a shipment A ships (to a buyer that is neither A nor B).
  const shipmentId = randomUUID()
  await database()
    .insert(matrixShipments)
    .values({
      id: shipmentId,
      number: 'SH-2026-99999',
      shipperCompanyId: companyId,
      buyerCompanyId: null,
      shipperName: 'Matrix A',
      buyerName: 'Matrix B',
      mode: 'sea_lcl',
      originName: 'Ningbo',
      originCountry: 'CN',
      destinationName: 'Rotterdam',
      destinationCountry: 'NL',
      etd: '2026-12-01',
      eta: '2027-01-10',
      firstEta: '2027-01-10',
      incoterm: 'FOB',
      attachmentFileIds: [fileId],
    })

  // Documents: an issued proforma A wrote on the shipment (for no company on Tradeport), one share link, one finished zip.
  const documentId = randomUUID()
  const issuedAt = new Date()
  await database()
    .insert(matrixDocuments)
    .values({
      id: documentId,
      organizationId: companyId,
      number: 'PI-2026-99999',
      type: 'proforma_invoice',
      status: 'issued',
      sourceKind: 'shipment',
      sourceId: shipmentId,
      sourceNumber: 'SH-2026-99999',
      counterpartyName: 'Matrix B',
      verifyCode: randomUUID().replaceAll('-', ''),
      firstIssuedAt: issuedAt,
      version: 2,
    })
  const party = { companyId: null, name: 'Matrix B', address: [], country: 'NL' }
  const fields = { marksAndNumbers: '', bankDetails: '', remarks: '', signatory: '', portOfLoading: '', portOfDischarge: '', vesselOrFlight: '' }
  await database()
    .insert(matrixDocumentVersions)
    .values({
      id: randomUUID(),
      documentId,
      number: 1,
      issuedAt,
      pdfSha256: 'x'.repeat(64),
      content: {
        source: { kind: 'shipment', id: shipmentId, number: 'SH-2026-99999' },
        relatedNumbers: [],
        seller: { ...party, companyId, name: 'Matrix A' },
        buyer: party,
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: 'Ningbo',
        paymentTerms: '',
        transport: null,
        lines: [],
        totals: { quantity: 0, subtotal: '0.00', freight: '0.00', insurance: '0.00', total: '0.00' },
        fields,
      },
    })
  const documentShareId = randomUUID()
  await database()
    .insert(matrixDocumentShares)
    .values({
      id: documentShareId,
      documentId,
      tokenSha256: createHash('sha256').update(randomUUID()).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
  const documentBatchId = randomUUID()
  await database()
    .insert(matrixDocumentBatches)
    .values({
      id: documentBatchId,
      organizationId: companyId,
      sourceKind: 'shipment',
      sourceId: shipmentId,
      sourceNumber: 'SH-2026-99999',
      status: 'done',
      total: 1,
      done: 1,
      storageKey: `documents/batches/${documentBatchId}.zip`,
    })

  // Finance set-up: a pending bank account of A (a platform admin's decision verifies it; B finds nothing).
  const bankAccountId = randomUUID()
  await database().insert(matrixBankAccounts).values({
    id: bankAccountId,
    organizationId: companyId,
    holderName: 'Matrix A',
    bankName: 'HSBC',
    country: 'GB',
    currency: 'GBP',
    scheme: 'iban',
    accountNumber: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
  })

  // A payment company A made and the bank confirmed: its receipt is a finance paper of A (stage `full`, so it never
  // meets another fixture's instalment of the same order).
  const paperPaymentId = randomUUID()
  await database().insert(matrixPaperPayments).values({
    id: paperPaymentId,
    number: 'PAY-2026-99999',
    orderId: purchaseOrderId,
    orderNumber: 'PO-2026-99999',
    buyerOrganizationId: companyId,
    supplierOrganizationId: orderSupplier.company.id,
    buyerName: 'Matrix A',
    supplierName: 'Matrix D',
    stage: 'full',
    orderCurrency: 'USD',
    orderAmountMinor: 10_000n,
    currency: 'USD',
    amountMinor: 10_000n,
    provider: 'bank_transfer',
    reference: 'TP-MTRX-PAPR-01',
    status: 'held',
    heldMinor: 10_000n,
    heldAt: new Date(),
  })
  // A pending payout of company A (platform admins decide and close it).
  const matrixPayoutId = randomUUID()
  await database().insert(matrixPayouts).values({
    id: matrixPayoutId,
    number: 'OUT-2026-99999',
    organizationId: companyId,
    bankAccountLabel: 'HSBC ···· 5555',
    currency: 'USD',
    amountMinor: 100_000n,
  })

  // A service company A offers (it supplies: admins and owners manage its offerings).
  const serviceOfferingId = randomUUID()
  await database()
    .insert(serviceOfferings)
    .values({
      id: serviceOfferingId,
      organizationId: companyId,
      serviceType: 'inspection',
      title: 'Matrix inspection',
      countries: ['CN'],
      leadTimeDays: 3,
    })

  // A WTO ePing notification (public knowledge: any company's members read and mark it for their own company).
  const epingNotificationId = randomUUID()
  await database()
    .insert(matrixEpingNotifications)
    .values({
      id: epingNotificationId,
      documentSymbol: 'G/TBT/N/EU/99999',
      area: 'TBT',
      memberCode: 'EU',
      memberName: 'European Union',
      title: 'Matrix notification on lamps',
      hsCodes: ['9405'],
      distributedOn: '2026-11-01',
      source: 'sample',
    })

  fixtures = {
    '/api/v1/eping/notifications/{id}': { id: epingNotificationId },
    '/api/v1/eping/notifications/{id}/review': { id: epingNotificationId },
    // The product's company only: another company's owner finds no such product.
    '/api/v1/eping/products/{productId}/notices': { productId },
    '/api/v1/finance/payments/{id}': { id: paperPaymentId },
    '/api/v1/finance/payments/{id}/collect': { id: paperPaymentId },
    '/api/v1/finance/orders/{id}/payments': { id: purchaseOrderId },
    '/api/v1/finance/payouts/{id}/decision': { id: matrixPayoutId },
    '/api/v1/finance/payouts/{id}/outcome': { id: matrixPayoutId },
    // Public and signature-checked: the provider is the only parameter (see its own test below).
    '/api/v1/tracking/webhooks/{provider}': { provider: 'aftership' },
    '/api/v1/documents/{id}': { id: documentId },
    '/api/v1/documents/{id}/issue': { id: documentId },
    '/api/v1/documents/{id}/void': { id: documentId },
    '/api/v1/documents/{id}/decision': { id: documentId },
    '/api/v1/documents/{id}/versions/compare': { id: documentId },
    '/api/v1/documents/{id}/pdf': { id: documentId },
    '/api/v1/documents/{id}/shares': { id: documentId },
    '/api/v1/documents/{id}/shares/{shareId}': { id: documentId, shareId: documentShareId },
    '/api/v1/documents/{id}/shares/{shareId}/views': { id: documentId, shareId: documentShareId },
    '/api/v1/documents/batches/{batchId}': { batchId: documentBatchId },
    '/api/v1/documents/batches/{batchId}/zip': { batchId: documentBatchId },
    // Public: whoever holds the link or the PDF's code (see their own test below).
    '/api/v1/shared-documents/{token}': { token: 'x'.repeat(43) },
    '/api/v1/shared-documents/{token}/pdf': { token: 'x'.repeat(43) },
    '/api/v1/shared-documents/{token}/decision': { token: 'x'.repeat(43) },
    '/api/v1/document-verifications/{code}': { code: 'x'.repeat(32) },
    '/api/v1/finance/bank-accounts/{id}': { id: bankAccountId },
    '/api/v1/finance/bank-accounts/{id}/default': { id: bankAccountId },
    '/api/v1/finance/reviews/bank-accounts/{id}': { id: bankAccountId },
    // No KYC profile yet: the platform admin's decision is a 404, past authorization.
    '/api/v1/finance/reviews/kyc/{companyId}': { companyId },
    '/api/v1/finance/papers/{kind}/{key}/pdf': { kind: 'receipt', key: paperPaymentId },
    '/api/v1/shipments/{id}': { id: shipmentId },
    '/api/v1/shipments/{id}/tracking-events': { id: shipmentId },
    '/api/v1/shipments/{id}/attachments/{fileId}': { id: shipmentId, fileId },
    '/api/v1/shipments/{id}/receipt': { id: shipmentId },
    '/api/v1/shipments/{id}/warehouse': { id: shipmentId },
    '/api/v1/warehouses/{id}': { id: warehouseId },
    '/api/v1/warehouses/{id}/archive': { id: warehouseId },
    '/api/v1/warehouses/{id}/restore': { id: warehouseId },
    '/api/v1/warehouses/{id}/stock': { id: warehouseId },
    '/api/v1/warehouses/{id}/movements': { id: warehouseId },
    '/api/v1/warehouses/{id}/movements.csv': { id: warehouseId },
    '/api/v1/stock/{levelId}': { levelId: stockLevelId },
    '/api/v1/projects/{id}/shortlist': { id: matrixProjectId },
    '/api/v1/projects/{id}/shortlist/{supplierId}': { id: matrixProjectId, supplierId: orderSupplier.company.id },
    '/api/v1/approved-suppliers/{supplierId}': { supplierId: orderSupplier.company.id },
    '/api/v1/rfq-inbox/{id}/quotation': { id: inboxRfqId },
    '/api/v1/rfqs/{id}/quotations': { id: ownRfqId },
    '/api/v1/rfqs/{id}/comparison': { id: ownRfqId },
    '/api/v1/rfqs/{id}/assumptions': { id: ownRfqId },
    '/api/v1/rfqs/{id}/award': { id: ownRfqId },
    '/api/v1/rfqs/{id}': { id: ownRfqId },
    '/api/v1/rfqs/{id}/transitions': { id: ownRfqId },
    '/api/v1/rfqs/{id}/questions/{qid}/answer': { id: ownRfqId, qid: randomUUID() },
    // Asking and the inbox are the supplier's side: company A is invited to Matrix E's RFQ; B is not.
    '/api/v1/rfqs/{id}/questions': { id: inboxRfqId },
    '/api/v1/rfq-inbox/{id}': { id: inboxRfqId },
    '/api/v1/rfq-inbox/{id}/decline': { id: inboxRfqId },
    '/api/v1/quotations/{id}': { id: matrixQuotationId },
    '/api/v1/quotations/{id}/submit': { id: matrixQuotationId },
    '/api/v1/quotations/{id}/revise': { id: matrixQuotationId },
    '/api/v1/quotations/{id}/withdraw': { id: matrixQuotationId },
    '/api/v1/quotations/{id}/decision': { id: matrixQuotationId },
    '/api/v1/quotations/{id}/history': { id: matrixQuotationId },
    '/api/v1/projects/{id}': { id: matrixProjectId },
    '/api/v1/projects/{id}/transitions': { id: matrixProjectId },
    '/api/v1/projects/{id}/requirements/bulk': { id: matrixProjectId },
    '/api/v1/requirements/{id}': { id: matrixRequirementId },
    '/api/v1/price-lists/{id}': { id: priceListId },
    '/api/v1/price-lists/{id}/lines': { id: priceListId },
    '/api/v1/price-lists/{id}/activate': { id: priceListId },
    '/api/v1/companies/{id}': { id: companyId },
    '/api/v1/companies/{id}/restore': { id: companyId },
    '/api/v1/companies/current/certifications/{id}': { id: certificationId },
    '/api/v1/dev/messages/{id}': { id: randomUUID() },
    '/api/v1/members/{id}': { id: memberRowA.id },
    '/api/v1/members/{id}/transfer-ownership': { id: memberRowA.id },
    '/api/v1/invitations/{id}': { id: invitationId },
    '/api/v1/invitations/{id}/resend': { id: invitationId },
    '/api/v1/addresses/{id}': { id: addressId },
    '/api/v1/addresses/{id}/default': { id: addressId },
    '/api/v1/files/{id}': { id: fileId },
    '/api/v1/files/{id}/content': { id: fileId },
    '/api/v1/files/{id}/thumbnail': { id: fileId },
    '/api/v1/admin/verifications/{id}': { id: applicationId },
    '/api/v1/admin/verifications/{id}/decision': { id: applicationId },
    '/api/v1/admin/users/{id}': { id: memberA.id },
    '/api/v1/admin/users/{id}/role': { id: memberA.id },
    '/api/v1/admin/users/{id}/ban': { id: memberA.id },
    '/api/v1/admin/users/{id}/unban': { id: memberA.id },
    '/api/v1/products/{id}': { id: productId },
    '/api/v1/products/{id}/images': { id: productId },
    '/api/v1/products/{id}/quick': { id: productId },
    // 'lighting' has subcategories: an admin's DELETE is refused (409) and changes nothing.
    '/api/v1/categories/{id}': { id: 'lighting' },
    '/api/v1/categories/{id}/move': { id: 'lighting' },
    '/api/v1/categories/{id}/reorder': { id: 'lighting' },
    '/api/v1/product-imports/{id}': { id: importJobId },
    '/api/v1/product-imports/{id}/mapping': { id: importJobId },
    '/api/v1/product-imports/{id}/preview': { id: importJobId },
    '/api/v1/product-imports/{id}/dry-run': { id: importJobId },
    '/api/v1/product-imports/{id}/start': { id: importJobId },
    '/api/v1/product-imports/{id}/errors.csv': { id: importJobId },
    '/api/v1/marketplace/products/{id}': { id: productId },
    '/api/v1/marketplace/companies/{id}': { id: companyId },
    '/api/v1/orders/{id}': { id: purchaseOrderId },
    '/api/v1/orders/{id}/transitions': { id: purchaseOrderId },
    '/api/v1/orders/{id}/change-requests': { id: purchaseOrderId },
    '/api/v1/orders/{id}/change-requests/{changeId}/decision': { id: purchaseOrderId, changeId: randomUUID() },
    '/api/v1/orders/{id}/attachments/{fileId}': { id: purchaseOrderId, fileId },
    // Matrix D buys nothing from B: for B it is no customer.
    '/api/v1/customers/{id}/note': { id: orderSupplier.company.id },
    '/api/v1/service-orders/{id}': { id: serviceOrderId },
    '/api/v1/service-orders/{id}/transitions': { id: serviceOrderId },
    '/api/v1/service-orders/{id}/quotes': { id: serviceOrderId },
    '/api/v1/service-orders/{id}/quotes/{quoteId}/withdraw': { id: serviceOrderId, quoteId: freightQuoteId },
    '/api/v1/service-orders/{id}/accept-quote': { id: serviceOrderId },
    '/api/v1/service-offerings/{id}': { id: serviceOfferingId },
    '/api/v1/conversations/{id}': { id: threadId },
    '/api/v1/conversations/{id}/messages': { id: threadId },
    '/api/v1/conversations/{id}/read': { id: threadId },
    '/api/v1/conversations/{id}/attachments/{fileId}': { id: threadId, fileId },
    '/api/v1/messages/{id}': { id: messageId },
    '/api/v1/messages/{id}/reactions/{emoji}': { id: messageId, emoji: encodeURIComponent('👍') },
    '/api/v1/channels/{id}': { id: channelId },
    '/api/v1/channels/{id}/join': { id: channelId },
    '/api/v1/channels/{id}/leave': { id: channelId },
    '/api/v1/channels/{id}/members': { id: channelId },
    '/api/v1/channels/{id}/members/{userId}': { id: channelId, userId: a.user.id },
    // Finance administration: platform admins only (a company user is refused whatever the record).
    '/api/v1/finance/statement-lines/{id}/match': { id: randomUUID() },
    '/api/v1/finance/statement-lines/{id}/ignore': { id: randomUUID() },
    '/api/v1/finance/refunds/{id}/sent': { id: randomUUID() },
    '/api/v1/finance/orders/{id}/ruling': { id: purchaseOrderId },
    '/api/v1/assistant/threads/{id}': { id: assistantThreadId },
    '/api/v1/assistant/threads/{id}/messages': { id: assistantThreadId },
    '/api/v1/assistant/threads/{id}/settings': { id: assistantThreadId },
    '/api/v1/assistant/drafts/{id}/confirm': { id: assistantDraftId },
    '/api/v1/assistant/companies/{id}': { id: companyId },
    '/api/v1/admin/plans/{id}': { id: 'business' },
    '/api/v1/admin/plans/{id}/retire': { id: 'business' },
    '/api/v1/admin/plans/{id}/default': { id: 'business' },
    '/api/v1/admin/companies/{id}/plan': { id: companyId },
    '/api/v1/billing/invoices/{id}/pdf': { id: planInvoiceId },
    '/api/v1/admin/plan-invoices/{id}/mark-paid': { id: planInvoiceId },
    '/api/v1/admin/plan-invoices/{id}/void': { id: planInvoiceId },
    '/api/v1/api-keys/{id}': { id: apiKeyId },
    '/api/v1/api-keys/{id}/revoke': { id: apiKeyId },
    '/api/v1/webhooks/{id}': { id: webhookEndpointId },
    '/api/v1/webhooks/{id}/secret': { id: webhookEndpointId },
    '/api/v1/webhooks/{id}/rotate-secret': { id: webhookEndpointId },
    '/api/v1/webhooks/{id}/test': { id: webhookEndpointId },
    '/api/v1/webhook-deliveries/{id}': { id: webhookDeliveryId },
    '/api/v1/webhook-deliveries/{id}/replay': { id: webhookDeliveryId },
  }
  doc = (await call(app, '/api/openapi.json')).json as unknown as Document
})

function operations(): Array<{ path: string; method: (typeof METHODS)[number]; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Operation })),
  )
}

function concretePath(path: string, op: Operation): string {
  const params = path.match(/\{(\w+)\}/g) ?? []
  let concrete = path
  if (params.length > 0) {
    const values = fixtures[path]
    if (!values) throw new Error(`No fixture for ${path}: add the id of a company A record to the matrix fixtures`)
    for (const param of params) {
      const name = param.slice(1, -1)
      const value = values[name]
      if (!value) throw new Error(`No fixture value for {${name}} in ${path}`)
      concrete = concrete.replace(param, value)
    }
  }
  const query = new URLSearchParams()
  for (const parameter of op.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue
    const example = parameter.example ?? parameter.schema?.example ?? parameter.schema?.default
    if (example === undefined) throw new Error(`Required query parameter ${parameter.name} of ${path} has no example`)
    query.set(parameter.name, String(example))
  }
  return query.size > 0 ? `${concrete}?${query}` : concrete
}

function exampleBody(path: string, method: string, op: Operation): { json?: unknown; multipart?: boolean } {
  const content = op.requestBody?.content
  if (!content) return {}
  if (content['multipart/form-data']) return { multipart: true }
  const schema = content['application/json']?.schema
  const example = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']?.example : schema?.example
  if (example === undefined) throw new Error(`${method.toUpperCase()} ${path} has a JSON body without an example`)
  return { json: example }
}

async function send(method: string, path: string, op: Operation, jar?: CookieJar, bearer?: string) {
  const body = exampleBody(path, method, op)
  if (body.multipart) {
    const form = new FormData()
    form.set('purpose', 'attachment')
    form.set('file', new File([PNG_1x1], 'pixel.png', { type: 'image/png' }))
    const headers = new Headers({ origin: TEST_PUBLIC_URL })
    if (jar?.header()) headers.set('cookie', jar.header())
    if (bearer) headers.set('authorization', `Bearer ${bearer}`)
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, { method: method.toUpperCase(), headers, body: form })
    return { status: response.status, text: await response.text() }
  }
  const response = await call(app, path, {
    method: method.toUpperCase(),
    ...(body.json !== undefined ? { body: body.json } : {}),
    ...(jar ? { jar } : {}),
    ...(bearer ? { bearer } : {}),
  })
  return { status: response.status, text: response.text }
}

const BELOW: Record<'admin' | 'owner', 'memberA' | 'adminA'> = { admin: 'memberA', owner: 'adminA' }

describe('authorization matrix', () => {
  it('declares who may call every operation of ours', () => {
    const undeclared = operations()
      .filter(({ op }) => !isBetterAuth(op) && !op['x-access'])
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
    expect(undeclared).toEqual([])
  })

  it('covers company, member, invitation, address, file and verification endpoints', () => {
    const paths = Object.keys(doc.paths)
    for (const prefix of [
      '/api/v1/companies',
      '/api/v1/members',
      '/api/v1/invitations',
      '/api/v1/addresses',
      '/api/v1/files',
      '/api/v1/admin/verifications',
      '/api/v1/admin/users',
    ]) {
      expect(
        paths.some((path) => path.startsWith(prefix)),
        prefix,
      ).toBe(true)
    }
  })

  it('answers 401 to anonymous callers of every non-public operation', async () => {
    const failures: string[] = []
    for (const { path, method, op } of operations()) {
      const rule = op['x-access']
      if (!rule || rule.level === 'public') continue
      const { status, text } = await send(method, concretePath(path, op), op)
      if (status !== 401) failures.push(`${method.toUpperCase()} ${path}: ${status} ${text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers 403 to a user without a company for every company operation', async () => {
    const failures: string[] = []
    for (const { path, method, op } of operations()) {
      if (op['x-access']?.level !== 'company') continue
      const { status, text } = await send(method, concretePath(path, op), op, jars.lonely)
      // A record of company A is simply not there for someone outside it.
      const expected = op['x-access'].resource ? [403, 404] : [403]
      if (!expected.includes(status)) failures.push(`${method.toUpperCase()} ${path}: ${status} ${text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers 403 to the highest role that may not act', async () => {
    const failures: string[] = []
    for (const { path, method, op } of operations()) {
      const rule = op['x-access']
      if (!rule) continue
      const jar =
        rule.level === 'platform_admin'
          ? jars.ownerA
          : rule.level === 'company' && rule.minRole && rule.minRole !== 'member'
            ? jars[BELOW[rule.minRole]]
            : undefined
      if (!jar) continue
      const { status, text } = await send(method, concretePath(path, op), op, jar)
      if (status !== 403) failures.push(`${method.toUpperCase()} ${path}: ${status} ${text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers 404 to an owner of another company for records of company A', async () => {
    const failures: string[] = []
    for (const { path, method, op } of operations()) {
      const rule = op['x-access']
      if (!rule?.resource || rule.level === 'platform_admin') continue
      const { status, text } = await send(method, concretePath(path, op), op, jars.ownerB)
      if (status !== 404) failures.push(`${method.toUpperCase()} ${path}: ${status} ${text.slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })

  it('answers the public carrier webhook by its signature, never by a session', async () => {
    const webhook = (provider: string, jar?: CookieJar) =>
      call(app, `/api/v1/tracking/webhooks/${provider}`, { method: 'POST', body: { tracking_number: 'X', events: [] }, ...(jar ? { jar } : {}) })
    // No provider is configured here: every provider is unknown, to anonymous callers and members alike.
    expect((await webhook('aftership')).status).toBe(404)
    expect((await webhook('aftership', jars.ownerA)).status).toBe(404)
    setEnvForTesting(testEnv({ TRACKING_WEBHOOK_SECRETS: 'aftership:matrix-secret' }))
    try {
      expect((await webhook('aftership')).status).toBe(401)
      expect((await webhook('aftership', jars.ownerA)).status).toBe(401)
    } finally {
      setEnvForTesting(testEnv())
    }
  })

  it('answers Stripe’s webhook by its signature, never by a session', async () => {
    const webhook = (jar?: CookieJar) =>
      call(app, '/api/v1/finance/webhooks/stripe', { method: 'POST', body: { id: 'evt_1', object: 'event' }, ...(jar ? { jar } : {}) })
    // Stripe is not configured here: the endpoint is not there, for anonymous callers and platform admins alike.
    expect((await webhook()).status).toBe(404)
    expect((await webhook(jars.platformAdmin)).status).toBe(404)
    setEnvForTesting(testEnv({ STRIPE_SECRET_KEY: 'sk_test_matrix', STRIPE_WEBHOOK_SECRET: 'whsec_matrix' }))
    try {
      for (const jar of [undefined, jars.ownerA, jars.platformAdmin]) expect((await webhook(jar)).json).toMatchObject({ code: 'invalid_signature' })
    } finally {
      setEnvForTesting(testEnv())
    }
  })

  it('opens shared documents and verifications by their token or code alone: a session adds nothing', async () => {
    const publicOperations = operations().filter(
      ({ path }) => path.startsWith('/api/v1/shared-documents/') || path.startsWith('/api/v1/document-verifications/'),
    )
    expect(publicOperations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /api/v1/document-verifications/{code}',
      'GET /api/v1/shared-documents/{token}',
      'GET /api/v1/shared-documents/{token}/pdf',
      'POST /api/v1/shared-documents/{token}/decision',
    ])
    const failures: string[] = []
    for (const { path, method, op } of publicOperations) {
      expect(op['x-access']).toEqual({ level: 'public' })
      // An unknown token or code is not found, whoever asks (company A's owner included).
      for (const jar of [undefined, jars.ownerA]) {
        const { status, text } = await send(method, concretePath(path, op), op, jar)
        if (status !== 404) failures.push(`${method.toUpperCase()} ${path} (${jar ? 'owner A' : 'anonymous'}): ${status} ${text.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('lets the platform admin through every platform-admin operation’s authorization', async () => {
    const refused: string[] = []
    for (const { path, method, op } of operations()) {
      if (op['x-access']?.level !== 'platform_admin') continue
      const { status } = await send(method, concretePath(path, op), op, jars.platformAdmin)
      if (status === 401 || status === 403) refused.push(`${method.toUpperCase()} ${path}: ${status}`)
    }
    expect(refused).toEqual([])
  })
  // Last: keys that may write run the operations of their area (deleting some of company A's records).
  it('answers every operation by the scope of an API key of each scope: the scope of its area passes, any other is 403', async () => {
    const keys: Array<{ scope: string; secret: string }> = []
    for (const scope of API_SCOPES) {
      const secret = `tpk_${createHash('sha256').update(`matrix-${scope}`).digest('base64url')}`
      await database()
        .insert(matrixApiKeys)
        .values({
          id: randomUUID(),
          organizationId: companyAId,
          createdBy: ownerAId,
          name: scope,
          prefix: secret.slice(0, 12),
          secretHash: hashApiKey(secret),
          scopes: [scope],
        })
      keys.push({ scope, secret })
    }
    const refusals = ['insufficient_scope', 'api_key_not_allowed', 'api_key_invalid']
    const failures: string[] = []
    for (const { path, method, op } of operations()) {
      const rule = op['x-access']
      if (!rule || isBetterAuth(op)) continue
      const requirement = scopeRequirement({ method, path, tags: op.tags ?? [], level: rule.level, minRole: rule.minRole })
      // Public operations need no scope: one key shows that a key changes nothing for them (the sign-in forms aside, which have no examples).
      if (requirement.kind === 'public' && (path.startsWith('/api/auth/') || (path.includes('{') && !fixtures[path]))) continue
      for (const key of requirement.kind === 'public' ? keys.slice(0, 1) : keys) {
        const { status, text } = await send(method, concretePath(path, op), op, undefined, key.secret)
        const code = text.startsWith('{') ? ((JSON.parse(text) as { code?: string }).code ?? '') : ''
        const granted = requirement.kind === 'public' || (requirement.kind === 'scope' && scopesGrant([key.scope], requirement.scope))
        const expected = requirement.kind === 'unavailable' ? 'api_key_not_allowed' : granted ? null : 'insufficient_scope'
        const ok = expected === null ? status !== 401 && !refusals.includes(code) : status === 403 && code === expected
        if (!ok) failures.push(`${method.toUpperCase()} ${path} with ${key.scope}: ${status} ${text.slice(0, 100)}`)
      }
    }
    expect(failures).toEqual([])
  })
})
