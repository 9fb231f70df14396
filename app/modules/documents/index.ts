// What pages and other modules may use on either side: constants, inputs and the pure content rules.
export * from './documents.constants'
export { contentFromOrder, contentFromQuotation, contentFromShipment, type DocumentContent, type DocumentFields, type DocumentLine } from './document-content'
export { diffContents, type DocumentChange } from './document-diff'
export { CreateDocumentInput, DecideDocumentInput, DocumentStepInput, EditDocumentInput, VoidDocumentInput } from './document.inputs'
export { isWellFormedToken, shareAccess, type ShareAccess } from './share-link'
