import { describe, expect, it } from 'vitest'
import { addressLines, contentFromOrder, contentFromQuotation, contentFromShipment, type OrderRecord, type ShipmentRecord } from './document-content'
import { diffContents } from './document-diff'
import { fitsSource, TYPES_BY_SOURCE } from './documents.constants'
import { isWellFormedToken, shareAccess } from './share-link'

const order: OrderRecord = {
  id: 'o1',
  number: 'PO-2026-00012',
  buyer: { id: 'b', name: 'Harbour Lantern Trading' },
  supplier: { id: 's', name: 'Bamboo Kiln Ceramics' },
  currency: 'USD',
  incoterm: 'FOB',
  incotermPlace: 'Ningbo',
  paymentTerms: 'tt_30_70',
  shipTo: { recipient: 'Receiving dock', line1: '1 Harbour Road', line2: '', city: 'Rotterdam', region: '', postalCode: '3011', country: 'NL' },
  lines: [
    { position: 1, sku: 'BOWL', description: '青花瓷碗 Blue-and-white bowl', unit: 'pcs', quantity: 40, unitPrice: '3.1000', lineTotal: '124.00' },
    { position: 0, sku: 'CUP', description: '青花瓷茶杯 Tea cup', unit: 'pcs', quantity: 200, unitPrice: '2.5000', lineTotal: '500.00' },
  ],
}

const shipment: ShipmentRecord = {
  id: 'sh1',
  number: 'SH-2026-00003',
  shipperCompanyId: 's',
  shipperName: 'Bamboo Kiln Ceramics',
  buyerCompanyId: 'b',
  buyerName: 'Harbour Lantern Trading',
  mode: 'sea_lcl',
  carrier: 'COSCO',
  trackingNumber: 'COSU1',
  billOfLading: 'BL-9',
  airWaybill: '',
  containerNumbers: ['MSCU1234565'],
  originName: 'Ningbo',
  originCountry: 'CN',
  destinationName: 'Rotterdam',
  destinationCountry: 'NL',
  incoterm: 'FOB',
  incotermPlace: 'Ningbo',
  etd: '2026-12-01',
  eta: '2027-01-10',
  packageCount: 12,
  grossWeightKg: '480.000',
  netWeightKg: '430.000',
  volumeM3: '2.400',
  lines: [
    { orderNumber: 'PO-2026-00012', sku: 'CUP', description: '青花瓷茶杯 Tea cup', unit: 'pcs', quantity: 120, unitPrice: '2.5000', currency: 'USD' },
    { orderNumber: 'PO-2026-00009', sku: 'JPY', description: 'Vase', unit: 'pcs', quantity: 3, unitPrice: '0.3350', currency: 'USD' },
  ],
}

describe('a document made from its record', () => {
  it('takes an order’s parties, terms and lines in their order, and totals them exactly', () => {
    const content = contentFromOrder(order)
    expect(content.source).toEqual({ kind: 'purchase_order', id: 'o1', number: 'PO-2026-00012' })
    expect(content.lines.map((line) => [line.position, line.sku, line.amount])).toEqual([
      [1, 'CUP', '500.00'],
      [2, 'BOWL', '124.00'],
    ])
    expect(content.totals).toEqual({ quantity: 240, subtotal: '624.00', freight: '0.00', insurance: '0.00', total: '624.00' })
    expect(content.buyer).toEqual({
      companyId: 'b',
      name: 'Harbour Lantern Trading',
      address: ['Receiving dock', '1 Harbour Road', '3011 Rotterdam'],
      country: 'NL',
    })
    expect(content.fields.remarks).toBe('')
  })

  it('takes what a shipment carries at the orders’ prices, its orders, route and transport facts', () => {
    const content = contentFromShipment(shipment)
    expect(content.relatedNumbers).toEqual(['PO-2026-00009', 'PO-2026-00012'])
    // 3 × 0.3350 = 1.005, rounded half up to the cent.
    expect(content.lines.map((line) => line.amount)).toEqual(['300.00', '1.01'])
    expect(content.totals.total).toBe('301.01')
    expect(content.fields).toMatchObject({ portOfLoading: 'Ningbo', portOfDischarge: 'Rotterdam' })
    expect(content.lines.every((line) => line.originCountry === 'CN')).toBe(true)
    expect(content.transport).toMatchObject({ billOfLading: 'BL-9', packageCount: 12, containerNumbers: ['MSCU1234565'] })
  })

  it('takes a quotation’s offered lines and adds freight and insurance to its total', () => {
    const content = contentFromQuotation(
      {
        id: 'q1',
        rfq: { number: 'RFQ-2026-00004', title: 'Tea sets' },
        buyer: { id: 'b', name: 'Buyer' },
        supplier: { id: 's', name: 'Supplier' },
        revision: 2,
        currency: 'EUR',
        incoterm: 'CIF',
        incotermPlace: 'Hamburg',
        paymentTerms: 'lc_at_sight',
        freightAmount: '120.00',
        insuranceAmount: '8.50',
        lines: [
          { position: 0, title: 'Tea set', quantity: 10, unit: 'sets', noOffer: false, unitPrice: '20.0000', lineTotal: '200.00' },
          { position: 1, title: 'Tray', quantity: 10, unit: 'pcs', noOffer: true, unitPrice: null, lineTotal: null },
        ],
      },
      'RFQ-2026-00004 / 2',
    )
    expect(content.lines).toHaveLength(1)
    expect(content.totals).toMatchObject({ subtotal: '200.00', total: '328.50' })
    expect(content.relatedNumbers).toEqual(['RFQ-2026-00004'])
  })

  it('writes an address as letterhead lines without the empty parts', () => {
    expect(addressLines(null)).toEqual([])
    expect(addressLines({ line1: 'Unit 5', line2: '', city: 'Kwai Chung', region: 'NT', postalCode: '', country: 'HK' })).toEqual(['Unit 5', 'Kwai Chung NT'])
  })
})

describe('which documents fit which record', () => {
  it('makes packing lists from shipments only, and quotations from quotations only', () => {
    expect(fitsSource('packing_list', 'shipment')).toBe(true)
    expect(fitsSource('packing_list', 'purchase_order')).toBe(false)
    expect(fitsSource('quotation', 'purchase_order')).toBe(false)
    expect(Object.values(TYPES_BY_SOURCE).flat()).toEqual(
      expect.arrayContaining(['commercial_invoice', 'sales_contract', 'purchase_order', 'proforma_invoice']),
    )
  })
})

describe('comparing two versions', () => {
  it('lists a changed price, an added line and an edited field, and nothing else', () => {
    const first = contentFromOrder(order)
    const second = contentFromOrder({
      ...order,
      lines: [
        ...order.lines.map((line) => (line.sku === 'BOWL' ? { ...line, unitPrice: '3.0000', lineTotal: '120.00' } : line)),
        { position: 2, sku: 'LID', description: 'Lid', unit: 'pcs', quantity: 5, unitPrice: '1.0000', lineTotal: '5.00' },
      ],
    })
    second.fields.remarks = 'Partial shipment allowed'
    const changes = diffContents(first, second)
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'lines.2.unitPrice', before: '3.1000', after: '3.0000' },
        { path: 'lines.3.sku', before: '', after: 'LID' },
        { path: 'fields.remarks', before: '', after: 'Partial shipment allowed' },
        { path: 'totals.total', before: '624.00', after: '625.00' },
      ]),
    )
    expect(changes.some((change) => change.path.startsWith('buyer') || change.path.startsWith('source'))).toBe(false)
    expect(diffContents(first, contentFromOrder(order))).toEqual([])
  })

  it('says what a later version dropped', () => {
    const first = contentFromOrder(order)
    const second = contentFromOrder({ ...order, lines: order.lines.filter((line) => line.sku === 'CUP') })
    expect(diffContents(first, second)).toEqual(expect.arrayContaining([{ path: 'lines.2.sku', before: 'BOWL', after: '' }]))
  })
})

describe('a share link', () => {
  const now = new Date('2026-12-04T12:00:00Z')
  const live = { revokedAt: null, expiresAt: new Date('2026-12-10T00:00:00Z'), hasPassword: false }

  it('takes only well-formed tokens', () => {
    expect(isWellFormedToken('a'.repeat(43))).toBe(true)
    expect(isWellFormedToken('a'.repeat(42))).toBe(false)
    expect(isWellFormedToken(`${'a'.repeat(42)}=`)).toBe(false)
    expect(isWellFormedToken(null)).toBe(false)
  })

  it('opens while live, is gone when expired, unknown when revoked, and asks for its password last', () => {
    expect(shareAccess(live, now, 'none')).toEqual({ ok: true })
    expect(shareAccess(null, now, 'none')).toMatchObject({ status: 404, reason: 'unknown' })
    expect(shareAccess({ ...live, expiresAt: now }, now, 'none')).toMatchObject({ status: 410 })
    expect(shareAccess({ ...live, revokedAt: now, expiresAt: new Date(0) }, now, 'matches')).toMatchObject({ status: 404, reason: 'revoked' })
    const locked = { ...live, hasPassword: true }
    expect(shareAccess(locked, now, 'none')).toMatchObject({ status: 403, reason: 'password_required' })
    expect(shareAccess(locked, now, 'wrong')).toMatchObject({ status: 403, reason: 'wrong_password' })
    expect(shareAccess(locked, now, 'matches')).toEqual({ ok: true })
    expect(shareAccess({ ...locked, expiresAt: now }, now, 'wrong')).toMatchObject({ status: 410 })
  })
})
