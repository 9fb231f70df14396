// What a document says, snapshotted from its record when it is created (issue 20): the record's facts — parties, terms,
// lines, totals — never change afterwards, so the paper cannot drift from what was agreed; trade's extra fields (marks,
// bank details, HS codes, origin, signatory) are the document's own and are edited on it.
import { sumDecimals } from '../../platform/format/decimal-text'
import { lineTotal, roundToCurrency } from '../catalog/index'
import type { DocumentSource } from './documents.constants'

/** A party as the paper names it. */
export type DocumentParty = { companyId: string | null; name: string; address: string[]; country: string }

/** One line: the record's facts, and the per-line fields trade adds (HS code, origin). */
export type DocumentLine = {
  position: number
  sku: string
  description: string
  unit: string
  quantity: number
  /** Decimal text in the document's currency; empty on a packing list's lines. */
  unitPrice: string
  amount: string
  hsCode: string
  originCountry: string
}

/** The fields a person fills in on the document, not in the record. */
export type DocumentFields = {
  marksAndNumbers: string
  bankDetails: string
  remarks: string
  signatory: string
  portOfLoading: string
  portOfDischarge: string
  vesselOrFlight: string
}

/** What the shipment adds to a packing list and an invoice made from it. */
export type DocumentTransport = {
  mode: string
  carrier: string
  trackingNumber: string
  billOfLading: string
  airWaybill: string
  containerNumbers: string[]
  etd: string | null
  eta: string | null
  packageCount: number | null
  grossWeightKg: string | null
  netWeightKg: string | null
  volumeM3: string | null
}

export type DocumentContent = {
  source: { kind: DocumentSource; id: string; number: string }
  /** The orders a shipment carries, or the RFQ a quotation answers. */
  relatedNumbers: string[]
  seller: DocumentParty
  buyer: DocumentParty
  currency: string
  incoterm: string
  incotermPlace: string
  paymentTerms: string
  transport: DocumentTransport | null
  lines: DocumentLine[]
  totals: { quantity: number; subtotal: string; freight: string; insurance: string; total: string }
  fields: DocumentFields
}

export const EMPTY_FIELDS: DocumentFields = {
  marksAndNumbers: '',
  bankDetails: '',
  remarks: '',
  signatory: '',
  portOfLoading: '',
  portOfDischarge: '',
  vesselOrFlight: '',
}

type Address = { recipient?: string; line1: string; line2: string; city: string; region: string; postalCode: string; country: string }

/** An address as lines of a letterhead, empty parts left out. */
export function addressLines(address: Address | null): string[] {
  if (!address) return []
  const cityLine = [address.postalCode, address.city, address.region].filter(Boolean).join(' ')
  return [address.recipient ?? '', address.line1, address.line2, cityLine].filter((line) => line.trim() !== '')
}

const party = (who: { id: string | null; name: string }, address: Address | null = null): DocumentParty => ({
  companyId: who.id,
  name: who.name,
  address: addressLines(address),
  country: address?.country ?? '',
})

/** The lines' quantity and amounts, and the total with freight and insurance, each in the currency's minor units. */
function totalsOf(lines: DocumentLine[], currency: string, extra: { freight?: string | null; insurance?: string | null } = {}) {
  const money = (amount: string) => roundToCurrency(amount, currency)
  const subtotal = sumDecimals(lines.map((line) => line.amount || '0'))
  const freight = extra.freight ?? '0'
  const insurance = extra.insurance ?? '0'
  return {
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: money(subtotal),
    freight: money(freight),
    insurance: money(insurance),
    total: money(sumDecimals([subtotal, freight, insurance])),
  }
}

/** A record's line as the document's line `index + 1`: the trade fields start as `originCountry` says, HS code empty. */
function documentLine(
  index: number,
  line: { sku: string; description: string; unit: string; quantity: number; unitPrice: string },
  amount: string,
  originCountry = '',
): DocumentLine {
  return {
    position: index + 1,
    sku: line.sku,
    description: line.description,
    unit: line.unit,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount,
    hsCode: '',
    originCountry,
  }
}

/** Who trades with whom, on which terms: what an order and a quotation both state. */
type TradeRecord = {
  buyer: { id: string | null; name: string }
  supplier: { id: string | null; name: string }
  currency: string
  incoterm: string
  incotermPlace: string
  paymentTerms: string
}

/** A purchase order as the documents need it (the orders module's detail satisfies it). */
export type OrderRecord = TradeRecord & {
  id: string
  number: string
  shipTo: Address | null
  lines: ReadonlyArray<{ position: number; sku: string; description: string; unit: string; quantity: number; unitPrice: string; lineTotal: string }>
}

/** An order's document: its parties, terms and every line at the order's prices. */
export function contentFromOrder(order: OrderRecord): DocumentContent {
  const lines = [...order.lines].sort((a, b) => a.position - b.position).map((line, index) => documentLine(index, line, line.lineTotal))
  return {
    source: { kind: 'purchase_order', id: order.id, number: order.number },
    relatedNumbers: [],
    seller: party(order.supplier),
    buyer: party(order.buyer, order.shipTo),
    currency: order.currency,
    incoterm: order.incoterm,
    incotermPlace: order.incotermPlace,
    paymentTerms: order.paymentTerms,
    transport: null,
    lines,
    totals: totalsOf(lines, order.currency),
    fields: { ...EMPTY_FIELDS },
  }
}

/** A shipment as the documents need it (the logistics module's detail satisfies it): its transport facts and more. */
export type ShipmentRecord = DocumentTransport & {
  id: string
  number: string
  shipperCompanyId: string | null
  shipperName: string
  buyerCompanyId: string | null
  buyerName: string
  originName: string
  originCountry: string
  destinationName: string
  destinationCountry: string
  incoterm: string
  incotermPlace: string
  lines: ReadonlyArray<{ orderNumber: string; sku: string; description: string; unit: string; quantity: number; unitPrice: string; currency: string }>
}

const TRANSPORT_KEYS = [
  'mode',
  'carrier',
  'trackingNumber',
  'billOfLading',
  'airWaybill',
  'containerNumbers',
  'etd',
  'eta',
  'packageCount',
  'grossWeightKg',
  'netWeightKg',
  'volumeM3',
] as const satisfies ReadonlyArray<keyof DocumentTransport>

/** The transport facts alone (a copy: the document never shares the record's arrays). */
const transportOf = (shipment: DocumentTransport): DocumentTransport =>
  Object.fromEntries(TRANSPORT_KEYS.map((key) => [key, Array.isArray(shipment[key]) ? [...shipment[key]] : shipment[key]])) as DocumentTransport

/**
 * A shipment's document: what it carries at the orders' prices (one currency: a shipment carries one buyer's orders of
 * one supplier), the route as ports of loading and discharge, the transport facts for the packing list.
 */
export function contentFromShipment(shipment: ShipmentRecord): DocumentContent {
  const currency = shipment.lines[0]?.currency ?? ''
  const lines = shipment.lines.map((line, index) => documentLine(index, line, lineTotal(line.quantity, line.unitPrice, line.currency), shipment.originCountry))
  return {
    source: { kind: 'shipment', id: shipment.id, number: shipment.number },
    relatedNumbers: [...new Set(shipment.lines.map((line) => line.orderNumber))].sort(),
    seller: { companyId: shipment.shipperCompanyId, name: shipment.shipperName, address: [], country: shipment.originCountry },
    buyer: { companyId: shipment.buyerCompanyId, name: shipment.buyerName, address: [], country: shipment.destinationCountry },
    currency,
    incoterm: shipment.incoterm,
    incotermPlace: shipment.incotermPlace,
    paymentTerms: '',
    transport: transportOf(shipment),
    lines,
    totals: totalsOf(lines, currency),
    fields: { ...EMPTY_FIELDS, portOfLoading: shipment.originName, portOfDischarge: shipment.destinationName },
  }
}

/** A quotation as the documents need it (the sourcing module's detail satisfies it). */
export type QuotationRecord = TradeRecord & {
  id: string
  rfq: { number: string; title: string }
  revision: number
  freightAmount: string | null
  insuranceAmount: string | null
  lines: ReadonlyArray<{
    position: number
    title: string
    quantity: number
    unit: string
    noOffer: boolean
    unitPrice: string | null
    lineTotal: string | null
  }>
}

/** A quotation's document: the lines offered (a line without an offer is left out), freight and insurance in the total. */
export function contentFromQuotation(quotation: QuotationRecord, number: string): DocumentContent {
  const lines = [...quotation.lines]
    .filter((line) => !line.noOffer && line.unitPrice !== null)
    .sort((a, b) => a.position - b.position)
    .map((line, index) => {
      const unitPrice = line.unitPrice!
      const offered = { sku: '', description: line.title, unit: line.unit, quantity: line.quantity, unitPrice }
      return documentLine(index, offered, line.lineTotal ?? lineTotal(line.quantity, unitPrice, quotation.currency))
    })
  return {
    source: { kind: 'quotation', id: quotation.id, number },
    relatedNumbers: [quotation.rfq.number],
    seller: party(quotation.supplier),
    buyer: party(quotation.buyer),
    currency: quotation.currency,
    incoterm: quotation.incoterm,
    incotermPlace: quotation.incotermPlace,
    paymentTerms: quotation.paymentTerms,
    transport: null,
    lines,
    totals: totalsOf(lines, quotation.currency, { freight: quotation.freightAmount, insurance: quotation.insuranceAmount }),
    fields: { ...EMPTY_FIELDS },
  }
}
