import { randomUUID } from 'node:crypto'
import { addresses } from '../../app/modules/companies/companies.tables.server'
import { database } from '../../app/platform/db/index.server'
import { createMember } from '../../db/factories/companies'
import { contextOf } from '../../db/factories/context'
import { createPriceList, createProduct } from '../../db/factories/products'

/** A shipping address in the company's address book. */
export async function createShippingAddress(companyId: string, label = 'Main warehouse') {
  const id = randomUUID()
  await database().insert(addresses).values({
    id,
    organizationId: companyId,
    type: 'shipping',
    label,
    recipient: 'Receiving dock',
    line1: '1 Harbour Road',
    city: 'Rotterdam',
    postalCode: '3011',
    country: 'NL',
  })
  return { id }
}

/**
 * The cast of an order: a verified supplier with two published products (MOQ 10 and 5) on an active USD price list
 * with quantity breaks, a buyer with a shipping address, and a third company that is neither.
 */
export async function createOrderParties(options: { currency?: string } = {}) {
  const supplier = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  const buyer = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
  const stranger = await createMember({ role: 'owner', companyInput: { kind: 'both' } })
  const lamp = await createProduct({ companyId: supplier.company.id, nameEn: 'Brass desk lamp', sku: `LAMP-${randomUUID().slice(0, 6)}`, moq: 10, unit: 'pcs' })
  const shade = await createProduct({
    companyId: supplier.company.id,
    nameEn: 'Linen lamp shade',
    sku: `SHADE-${randomUUID().slice(0, 6)}`,
    moq: 5,
    unit: 'pcs',
  })
  const draft = await createProduct({ companyId: supplier.company.id, nameEn: 'Unreleased lamp', status: 'draft' })
  await createPriceList({
    companyId: supplier.company.id,
    currency: options.currency ?? 'USD',
    lines: [
      { productId: lamp.id, minQuantity: 10, unitPrice: '12.5000' },
      { productId: lamp.id, minQuantity: 100, unitPrice: '11.2500' },
      { productId: shade.id, minQuantity: 5, unitPrice: '3.3300' },
      { productId: draft.id, minQuantity: 1, unitPrice: '1.0000' },
    ],
  })
  const shipTo = await createShippingAddress(buyer.company.id)
  return {
    supplier: { ...supplier, ctx: contextOf(supplier.user.id, supplier.company.id) },
    buyer: { ...buyer, ctx: contextOf(buyer.user.id, buyer.company.id), shipTo },
    stranger: { ...stranger, ctx: contextOf(stranger.user.id, stranger.company.id) },
    products: { lamp, shade, draft },
  }
}

/** A valid order request from the buyer to the supplier of `createOrderParties`. */
export function orderRequest(parties: Awaited<ReturnType<typeof createOrderParties>>, overrides: Record<string, unknown> = {}) {
  return {
    supplierCompanyId: parties.supplier.company.id,
    currency: 'USD',
    incoterm: 'FOB' as const,
    incotermPlace: 'Ningbo',
    paymentTerms: 'tt_30_70' as const,
    requestedDeliveryDate: '2027-03-01',
    shipToAddressId: parties.buyer.shipTo.id,
    notes: '',
    attachmentFileIds: [] as string[],
    lines: [
      { productId: parties.products.lamp.id, quantity: 120 },
      { productId: parties.products.shade.id, quantity: 40 },
      { description: 'Custom gift box with logo', unit: 'pcs', unitPrice: '0.8000', quantity: 160 },
    ],
    place: false,
    ...overrides,
  }
}
