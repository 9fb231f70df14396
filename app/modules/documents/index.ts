// What pages and other modules may use on either side: constants, inputs and the pure content rules.
export * from './documents.constants'
export { contentFromOrder, contentFromQuotation, contentFromShipment, type DocumentContent, type DocumentFields, type DocumentLine } from './document-content'
export { diffContents, type DocumentChange } from './document-diff'
export {
  CompareVersionsQuery,
  CreateDocumentInput,
  CreateShareInput,
  DecideDocumentInput,
  DOCUMENT_LIST_DEFAULT_LIMIT,
  DOCUMENT_LIST_MAX_LIMIT,
  DocumentListQuery,
  DocumentStepInput,
  EditDocumentInput,
  ShareDecisionInput,
  SharePasswordInput,
  VoidDocumentInput,
} from './document.inputs'
export { isWellFormedToken, shareAccess, type ShareAccess } from './share-link'
export { createDocumentHref, RecordDocuments, type DocumentBatchView, type RecordDocumentRow } from './components/record-documents'
export { DocumentStatusBadge } from './components/document-status-badge'
