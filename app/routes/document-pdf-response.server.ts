import type { DocumentPdf } from '../modules/documents/index.server'
import { contentDisposition } from '../platform/api/file-responses.server'

/**
 * A document's PDF as the browser shows it (inline, in the page's frame) or saves it (`download`), with its SHA-256 in
 * `X-Document-SHA256` so whoever fetched it can check the bytes; never kept by a shared cache, never indexed.
 */
export function pdfResponse(pdf: DocumentPdf, download: boolean): Response {
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': contentDisposition(!download, pdf.fileName),
      'X-Document-SHA256': pdf.sha256,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
