// Trade terms every trading module speaks: Incoterms and payment terms (orders, sourcing quotations, logistics).

/** Incoterms® 2020: the seven rules for any mode of transport, then the four for sea and inland waterway. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const
export type Incoterm = (typeof INCOTERMS)[number]

export const PAYMENT_TERMS = ['prepayment', 'tt_30_70', 'lc_at_sight', 'net_30', 'net_60', 'cash_against_documents'] as const
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]
