// What pages and other modules may use of billing on both sides.
export * from './billing.constants'
export * from './plan.inputs'
export * from './plan-limits'
