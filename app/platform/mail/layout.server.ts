const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

export type MailContent = {
  lang: string
  preview: string
  greeting: string
  paragraphs: string[]
  action?: { label: string; url: string }
  code?: string
  footer: string
}

/** One accessible, inline-styled HTML layout for every mail, with a plain-text twin. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ''
  const code = content.code
    ? `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:700;font-family:monospace">${escapeHtml(content.code)}</p>`
    : ''
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.preview)}</title></head><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#18181b"><main style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px"><p style="margin:0 0 24px;font-weight:700;color:#6d28d9">Tradeport</p><p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${code}${action}<p style="margin:32px 0 0;font-size:13px;color:#71717a">${escapeHtml(content.footer)}</p></main></body></html>`
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    content.footer,
  ].join('\n')
  return { html, text }
}
