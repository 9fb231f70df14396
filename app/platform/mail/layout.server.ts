const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

export type MailContent = {
  lang: string
  preview: string
  greeting: string
  paragraphs: string[]
  /** A list after the paragraphs (e.g. the notices of a digest): each a title, a line of text and an optional link. */
  items?: MailItem[]
  action?: { label: string; url: string }
  code?: string
  footer: string
}

export type MailItem = { title: string; text: string; url?: string }

/** One accessible, inline-styled HTML layout for every mail, with a plain-text twin. */
export function renderMail(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const items = content.items?.length
    ? `<ul style="margin:0 0 16px;padding:0;list-style:none">${content.items
        .map(
          (item) =>
            `<li style="margin:0 0 12px;padding:12px;border:1px solid #e4e4e7;border-radius:6px"><p style="margin:0 0 4px;font-weight:600">${item.url ? `<a href="${escapeHtml(item.url)}" style="color:#6d28d9">${escapeHtml(item.title)}</a>` : escapeHtml(item.title)}</p><p style="margin:0;color:#3f3f46">${escapeHtml(item.text)}</p></li>`,
        )
        .join('')}</ul>`
    : ''
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ''
  const code = content.code
    ? `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:700;font-family:monospace">${escapeHtml(content.code)}</p>`
    : ''
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(content.preview)}</title></head><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#18181b"><main style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px"><p style="margin:0 0 24px;font-weight:700;color:#6d28d9">Tradeport</p><p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${items}${code}${action}<p style="margin:32px 0 0;font-size:13px;color:#71717a">${escapeHtml(content.footer)}</p></main></body></html>`
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items ?? []).flatMap((item) => [`- ${item.title}`, `  ${item.text}`, ...(item.url ? [`  ${item.url}`] : []), '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    content.footer,
  ].join('\n')
  return { html, text }
}
