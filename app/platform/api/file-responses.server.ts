import { createHash } from 'node:crypto'
import type { Context } from 'hono'

/** RFC 6266 with an RFC 5987 UTF-8 name, and a plain ASCII one for old clients. */
export function contentDisposition(inline: boolean, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

type Download = { name: string; contentType: string; etag: string; inline: boolean; read: () => Promise<Uint8Array<ArrayBuffer>> }

/**
 * Answers a file download: 304 when the client has this version, otherwise the bytes, with a content disposition and
 * `nosniff`. A private file varies by who asks; public imagery is the same for everyone.
 */
export async function sendDownload(c: Context, file: Download, cacheScope: 'public' | 'private' = 'private'): Promise<Response> {
  const headers: Record<string, string> = {
    ETag: file.etag,
    'Cache-Control': `${cacheScope}, max-age=3600`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(file.inline, file.name),
    ...(cacheScope === 'private' ? { Vary: 'Cookie, Authorization' } : {}),
  }
  if (matchesEtag(c.req.header('if-none-match'), file.etag)) return c.body(null, 304, headers)
  const bytes = await file.read()
  return c.body(bytes, 200, { ...headers, 'Content-Type': file.contentType, 'Content-Length': String(bytes.byteLength) })
}

/**
 * A PDF rendered for this request (a finance paper, a plan invoice): inline unless `?download=1`, its bytes' SHA-256 as
 * the ETag (it changes when what it prints does), revalidated on every use and never kept by a shared cache.
 */
export async function sendPdf(c: Context, pdf: { bytes: Uint8Array; fileName: string }): Promise<Response> {
  const response = await sendDownload(c, {
    name: pdf.fileName,
    contentType: 'application/pdf',
    etag: `"${createHash('sha256').update(pdf.bytes).digest('hex')}"`,
    inline: c.req.query('download') !== '1',
    read: async () => new Uint8Array(pdf.bytes),
  })
  response.headers.set('Cache-Control', 'private, no-cache')
  return response
}
