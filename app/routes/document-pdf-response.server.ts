import { contentDisposition } from '../platform/api/file-responses.server'

/**
 * A PDF as the browser shows it (inline, in the page's frame) or saves it (`download`); a business document's with its
 * SHA-256 in `X-Document-SHA256` so whoever fetched it can check the bytes. Never kept by a shared cache, never indexed.
 */
export function pdfResponse(pdf: { bytes: Uint8Array; fileName: string; sha256?: string }, download: boolean): Response {
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': contentDisposition(!download, pdf.fileName),
      ...(pdf.sha256 ? { 'X-Document-SHA256': pdf.sha256 } : {}),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
    },
  })
}
