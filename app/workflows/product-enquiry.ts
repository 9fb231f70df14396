// What a product page's enquiry form sends, shared by the page and the workflow.

/** The project choice that starts a project named after the product. */
export const NEW_PROJECT = 'new'
export const PRODUCT_ENQUIRIES = ['quotation', 'shortlist'] as const
export type ProductEnquiryIntent = (typeof PRODUCT_ENQUIRIES)[number]
export const isProductEnquiry = (value: unknown): value is ProductEnquiryIntent => (PRODUCT_ENQUIRIES as readonly unknown[]).includes(value)
