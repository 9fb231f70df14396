// A business document as an A4 PDF (issue 20, ADR 046): pdfkit with the Noto Sans CJK faces, every page laid out, then
// a second pass writes "Page n of m". The same input gives the same bytes, as the issued PDF's SHA-256 is checked later:
// pdfkit derives the file ID from the info dictionary (whose dates are the input’s) and subset tags from the order fonts
// are first used in, neither from the clock.
import PDFDocument from 'pdfkit'
import { createFormatter } from '../../../platform/format/index'
import { LOCALE_ENTRIES } from '../../../platform/i18n/locales'
import { timeSlicer } from '../../../platform/time-slice.server'
import { EMPTY_FIELDS, type DocumentContent } from '../document-content'
import type { DocumentLanguage, DocumentType } from '../documents.constants'
import { pdfFonts, registerFonts } from './pdf-fonts.server'
import { pdfWords } from './pdf-labels'
import { concurrencyLimit } from '../../../platform/concurrency-limit'
import { PAGE, pdfWriter } from './pdf-layout.server'
import {
  drawHeading,
  drawLines,
  drawNotes,
  drawPageFurniture,
  drawParties,
  drawSignature,
  drawTerms,
  drawTotals,
  issuerOf,
  type PdfContext,
} from './pdf-sections.server'

export type PdfInput = {
  /** The document's number, e.g. CI-2026-00017. */
  number: string
  type: DocumentType
  language: DocumentLanguage
  versionNumber: number
  /** The version's issue date (a draft's creation date): printed, and the PDF's creation and modification date. */
  date: Date
  /** A draft carries a visible mark on each page. */
  draft: boolean
  content: DocumentContent
  /** The public verification page: the QR code encodes it, and it is printed small beneath. */
  verifyUrl: string
  /** The issuing company's logo (PNG or JPEG, normalised on upload), top left; null prints its name instead. */
  logo: Buffer | null
}

/** Dates print in UTC: a server's own time zone must not change the bytes of a document. */
const PDF_DATES = { timezone: 'UTC', date_format: 'long', time_format: 'short', hour_cycle: 'h23' } as const

/** Resolves with the document's bytes once pdfkit has written them all. */
function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

async function render(input: PdfInput): Promise<Buffer> {
  const words = pdfWords(input.language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: LOCALE_ENTRIES[words.locale].language,
    displayTitle: true,
    info: {
      Title: `${words.title(input.type)} ${input.number}`,
      Author: issuerOf(input).name,
      Creator: 'Tradeport',
      CreationDate: input.date,
      ModDate: input.date,
    },
  })
  const bytes = bytesOf(doc)
  registerFonts(doc)
  const context: PdfContext = {
    input,
    words,
    writer: pdfWriter(doc, words.locales.includes('zh-Hant') ? 'tc' : 'sc'),
    format: createFormatter({ locale: words.locale, preferences: PDF_DATES }),
  }
  const pause = timeSlicer()
  let y = drawHeading(context)
  y = drawParties(context, y)
  await pause()
  y = drawTerms(context, y)
  await pause()
  y = await drawLines(context, y, pause)
  y = drawTotals(context, y)
  y = drawNotes(context, y)
  drawSignature(context, y)
  await pause()
  drawPageFurniture(context)
  await pause()
  doc.end()
  return bytes
}

const renderingLine = concurrencyLimit(2)

/** The document as PDF bytes, identical for identical input. */
export function renderDocumentPdf(input: PdfInput): Promise<Buffer> {
  return renderingLine(() => render(input))
}

/** Parses the fonts and renders a small document with each face, so the first request does not pay for it (150–200 ms). */
export async function warmUpPdf(): Promise<void> {
  pdfFonts()
  for (const language of ['en+zh-Hans', 'zh-Hant'] as const) await render({ ...WARM_UP, language })
}

const party = (name: string, country: string) => ({ companyId: null, name, address: ['1 Harbour Road'], country })

const WARM_UP: PdfInput = {
  number: 'CI-0000-00000',
  type: 'commercial_invoice',
  language: 'en+zh-Hans',
  versionNumber: 1,
  date: new Date(0),
  draft: true,
  verifyUrl: 'https://example.com/verify',
  logo: null,
  content: {
    source: { kind: 'purchase_order', id: 'warm-up', number: 'PO-0000-00000' },
    relatedNumbers: [],
    seller: party('Seller 卖方', 'CN'),
    buyer: party('Buyer 買方', 'HK'),
    currency: 'USD',
    incoterm: 'FOB',
    incotermPlace: 'Ningbo',
    paymentTerms: 'net_30',
    transport: null,
    lines: [
      {
        position: 1,
        sku: 'WARM-1',
        description: '不锈钢保温杯 500毫升',
        unit: 'piece',
        quantity: 1,
        unitPrice: '1.00',
        amount: '1.00',
        hsCode: '',
        originCountry: 'CN',
      },
    ],
    totals: { quantity: 1, subtotal: '1.00', freight: '0', insurance: '0', total: '1.00' },
    fields: EMPTY_FIELDS,
  },
}
