// A document's PDF (issue 20): a draft is rendered when asked; an issued version is rendered once, when it is issued,
// and its bytes kept in file storage with their SHA-256 on the version, so that what the counterparty answers, the
// share page shows and the verification page checks is always the same paper — and a changed byte shows.
import { createHash } from 'node:crypto'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { fileStorage } from '../../platform/files/storage.server'
import { logger } from '../../platform/logger.server'
import { companyLogoFileId } from '../companies/index.server'
import { openRecordAttachment } from '../kernel/index.server'
import type { DocumentContent } from './document-content'
import type { DocumentLanguage, DocumentType } from './documents.constants'
import { renderDocumentPdf } from './pdf/document-pdf.server'

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Where an issued version's bytes live (keys are made here, never taken from input). */
const issuedPdfKey = (documentId: string, version: number) => `documents/${documentId.toLowerCase()}/v${version}.pdf`

/** The page a PDF's QR code opens, in the document's (first) language. */
export function verifyUrl(code: string, language: DocumentLanguage): string {
  const locale = language === 'zh-Hans' || language === 'zh-Hant' ? language : 'en'
  return `${env().PUBLIC_URL}/${locale}/view?verify=${encodeURIComponent(code)}`
}

/** What the renderer needs of a document and one of its versions. */
export type PaperOf = {
  document: { id: string; organizationId: string; number: string; type: DocumentType; language: DocumentLanguage; verifyCode: string }
  version: { number: number; content: DocumentContent; createdAt: Date; issuedAt: Date | null; pdfSha256: string | null }
}

/** The writer's logo when it is a picture the PDF can carry (PNG or JPEG); the company's name stands alone otherwise. */
async function logoOf(companyId: string): Promise<Buffer | null> {
  const fileId = await companyLogoFileId(companyId)
  if (!fileId) return null
  try {
    const logo = await openRecordAttachment(fileId, companyId)
    if (logo.contentType !== 'image/png' && logo.contentType !== 'image/jpeg') return null
    return Buffer.from(await logo.read())
  } catch {
    return null
  }
}

function render(paper: PaperOf, issuedAt: Date | null): Promise<Buffer> {
  const { document, version } = paper
  return logoOf(document.organizationId).then((logo) =>
    renderDocumentPdf({
      number: document.number,
      type: document.type,
      language: document.language,
      versionNumber: version.number,
      date: issuedAt ?? version.createdAt,
      draft: issuedAt === null,
      content: version.content,
      verifyUrl: verifyUrl(document.verifyCode, document.language),
      logo,
    }),
  )
}

/** Renders the version as issued at `issuedAt` and keeps its bytes; answers their SHA-256 (stored on the version by the caller). */
export async function storeIssuedPdf(paper: PaperOf, issuedAt: Date): Promise<string> {
  const bytes = await render(paper, issuedAt)
  try {
    await fileStorage().put(issuedPdfKey(paper.document.id, paper.version.number), bytes, 'application/pdf')
  } catch (error) {
    logger().error({ err: (error as Error).message }, 'document PDF could not be stored')
    throw new AppError('unavailable', 'File storage is unavailable')
  }
  return sha256Hex(bytes)
}

/**
 * A version's PDF: an issued one is its kept bytes (`matches` tells whether they still hash to what was recorded when it
 * was issued); a draft is rendered now, marked as a draft (`matches` null: nothing was recorded).
 */
export type DocumentPdf = { fileName: string; bytes: Uint8Array; sha256: string; recordedSha256: string | null; matches: boolean | null }

export async function readPdf(paper: PaperOf): Promise<DocumentPdf> {
  const { document, version } = paper
  const fileName = `${document.number}${version.number > 1 ? `-v${version.number}` : ''}.pdf`
  if (!version.issuedAt || !version.pdfSha256) {
    const bytes = await render(paper, null)
    return { fileName, bytes, sha256: sha256Hex(bytes), recordedSha256: null, matches: null }
  }
  let bytes: Uint8Array | null
  try {
    bytes = await fileStorage().get(issuedPdfKey(document.id, version.number))
  } catch (error) {
    logger().error({ err: (error as Error).message }, 'document PDF could not be read')
    throw new AppError('unavailable', 'File storage is unavailable')
  }
  // Bytes lost from storage are made again: rendering is deterministic, so an unchanged version hashes the same.
  if (!bytes) bytes = await render(paper, version.issuedAt)
  const sha256 = sha256Hex(bytes)
  return { fileName, bytes, sha256, recordedSha256: version.pdfSha256, matches: sha256 === version.pdfSha256 }
}
