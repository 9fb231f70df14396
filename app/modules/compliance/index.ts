// What pages and other modules may use of compliance on both sides.
export * from './compliance.constants'
export { hsCodeQuery, isHsCodeShape } from './hs-text'
export * from './eping.inputs'
export { isEpingHsCode, isEpingMemberCode, notifiedHsCodes, significantWords } from './eping-text'
