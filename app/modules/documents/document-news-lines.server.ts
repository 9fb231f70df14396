// The documents' news as lines of a record's timeline, in the reader's words (the shipment page merges them with its
// tracking events).
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import type { DocumentNews } from './document-reads.service.server'

export type DocumentNewsLine = { id: string; at: string; text: string; href: string }

export function documentNewsLines(locale: Locale, news: DocumentNews[]): DocumentNewsLine[] {
  const t = translator(locale, 'documents')
  return news.map((item) => ({
    id: `${item.documentId}-${item.event}-${item.at.getTime()}`,
    at: item.at.toISOString(),
    text: t(`timeline.${item.event}`, { type: t(`types.${item.type}`), number: item.number, name: item.actorName }),
    href: localizePath(locale, `/app/documents/edit/${item.documentId}`),
  }))
}
