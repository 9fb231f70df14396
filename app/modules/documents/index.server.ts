// Tables stay private; pages, the API and workflows use these services.
export {
  createDocument,
  decideDocument,
  documentsOfRecord,
  editDocument,
  getDocument,
  issueDocument,
  requireFittingType,
  voidDocument,
  type DocumentDetail,
  type DocumentSide,
  type RecordSnapshot,
} from './document.service.server'
