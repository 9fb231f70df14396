export * from './sourcing.constants'
export { PROJECT_ACTIONS, projectMachine, QUOTATION_ACTIONS, quotationMachine, RFQ_ACTIONS, rfqMachine, type ProjectAction, type QuotationAction, type RfqAction } from './sourcing.machines'
export { COST_COMPONENTS, landedCost, SELLER_COVERS, type ComponentBasis, type CostComponent, type LandedLine, type LandedQuote, type QuotedLine, type QuoteTerms } from './landed-cost'
