/** Where the buyer opens an RFQ (and its quotations), and where an invited supplier answers it. */
export const buyerRfqPath = (id: string) => `/app/sourcing/rfq/${id}`
export const supplierRfqPath = (id: string) => `/app/supplier/portal/rfq/${id}`
