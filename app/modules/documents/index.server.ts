// Tables stay private; pages, the API and workflows use these services.
export {
  createDocument,
  decideDocument,
  documentLink,
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
export {
  compareVersions,
  documentCounterparts,
  documentNewsOfRecord,
  documentPdf,
  listDocuments,
  type DocumentNews,
  type DocumentPage,
  type DocumentSummary,
} from './document-reads.service.server'
export {
  createShare,
  decideThroughShare,
  listShares,
  openShare,
  revokeShare,
  sharedPdf,
  SHARE_PROOF_MAX_AGE_SECONDS,
  shareProofCookieName,
  shareViews,
  type SharedDocument,
  type ShareStatus,
  type ShareSummary,
  type ShareVisit,
} from './document-shares.service.server'
export { batchProgress, batchZip, documentBatchJob, latestBatch, startDocumentBatch, type BatchProgress } from './document-batch.jobs.server'
export { verifyDocument, type DocumentVerification } from './document-verify.service.server'
export type { DocumentPdf } from './document-files.server'
export { renderDocumentPdf, warmUpPdf, type PdfInput } from './pdf/document-pdf.server'
export { financePaperFileName, renderFinancePaperPdf, type FinancePaper, type FinancePaperPdf } from './pdf/finance-pdf.server'
export { documentNewsLines, type DocumentNewsLine } from './document-news-lines.server'
