// Business documents (issue 20): the types trade asks for, the records they are made from, and their lifecycle.
import type { NumberSeries } from '../kernel/index'

/** The documents Tradeport writes from its records. */
export const DOCUMENT_TYPES = ['purchase_order', 'proforma_invoice', 'commercial_invoice', 'packing_list', 'quotation', 'sales_contract'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** The records a document is made from: its data is snapshotted from one of them. */
export const DOCUMENT_SOURCES = ['purchase_order', 'shipment', 'quotation'] as const
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number]

/**
 * Which documents fit which record: an order's terms make its purchase order, proforma, invoice or contract; what a
 * shipment carries makes its commercial invoice and packing list; a quotation makes a quotation, a proforma or a contract.
 */
export const TYPES_BY_SOURCE: Readonly<Record<DocumentSource, readonly DocumentType[]>> = {
  purchase_order: ['purchase_order', 'proforma_invoice', 'commercial_invoice', 'sales_contract'],
  shipment: ['commercial_invoice', 'packing_list'],
  quotation: ['quotation', 'proforma_invoice', 'sales_contract'],
}

/** Whether a document of `type` can be made from a record of `source`. */
export const fitsSource = (type: DocumentType, source: DocumentSource): boolean => TYPES_BY_SOURCE[source].includes(type)

/** Who writes a type: the buying side (a purchase order), the selling side (invoices, lists, quotations), or either. */
export const DOCUMENT_WRITER: Readonly<Record<DocumentType, 'buyer' | 'seller' | 'either'>> = {
  purchase_order: 'buyer',
  proforma_invoice: 'seller',
  commercial_invoice: 'seller',
  packing_list: 'seller',
  quotation: 'seller',
  sales_contract: 'either',
}

/** The types a side of a record may write from it. */
export const typesFor = (source: DocumentSource, side: 'buyer' | 'seller'): DocumentType[] =>
  TYPES_BY_SOURCE[source].filter((type) => DOCUMENT_WRITER[type] === 'either' || DOCUMENT_WRITER[type] === side)

/** Each type's numbering series, per company and year (`CI-2026-00017`). */
export const DOCUMENT_NUMBER_PREFIX: Readonly<Record<DocumentType, NumberSeries>> = {
  purchase_order: 'PUR',
  proforma_invoice: 'PI',
  commercial_invoice: 'CI',
  packing_list: 'PL',
  quotation: 'QT',
  sales_contract: 'SC',
}

/**
 * draft → issued → accepted or rejected by the counterparty; any issued, accepted or rejected document may be voided
 * (with a reason), keeping its history. A draft is edited in place; editing an issued document makes a new version.
 */
export const DOCUMENT_STATUSES = ['draft', 'issued', 'accepted', 'rejected', 'void'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/** The languages a PDF is written in: one, or English beside Chinese on each page. */
export const DOCUMENT_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans', 'en+zh-Hant'] as const
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number]

/** Free text a document carries beside what the record says (remarks, bank details…), at most this long each. */
export const MAX_DOCUMENT_TEXT = 2000
/** How long a share link lives unless its creator says otherwise, and at most. */
export const DEFAULT_SHARE_DAYS = 30
export const MAX_SHARE_DAYS = 365
