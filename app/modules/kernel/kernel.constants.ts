/** What a file was uploaded for: each purpose accepts its own file types (file.inputs.ts) and some are public imagery. */
export const FILE_PURPOSES = ['logo', 'banner', 'certification', 'verification', 'factory_photo', 'attachment', 'product_image', 'product_import'] as const
export type FilePurpose = (typeof FILE_PURPOSES)[number]

/**
 * The numbering series of business records, per company and year: purchase, service and logistic orders
 * (PO-2026-00042, SO-…, LO-…), purchase projects (PRJ-…), requests for quotation (RFQ-…), shipments (SH-…) and the
 * business documents by type (PUR-…, PI-…, CI-…, PL-…, QT-…, SC-…), payments (PAY-…) and payouts (OUT-…).
 */
export const NUMBER_SERIES = ['PO', 'SO', 'LO', 'PRJ', 'RFQ', 'SH', 'PUR', 'PI', 'CI', 'PL', 'QT', 'SC', 'PAY', 'OUT'] as const
export type NumberSeries = (typeof NUMBER_SERIES)[number]
