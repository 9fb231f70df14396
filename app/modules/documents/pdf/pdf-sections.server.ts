// What a document's pages say, section by section from the top; each section answers where the next one starts.
import { compareDecimals } from '../../../platform/format/decimal-text'
import type { Formatter } from '../../../platform/format/index'
import { translator } from '../../../platform/i18n/translate.server'
import type { Locale } from '../../../platform/i18n/locales'
import { productUnitFrom } from '../../catalog/index'
import type { DocumentLine, DocumentParty } from '../document-content'
import type { PdfInput } from './document-pdf.server'
import type { PdfLabel, PdfWords } from './pdf-labels'
import { COLORS, CONTENT_WIDTH, drawFacts, drawNote, drawTable, PAGE, type Column, type PdfWriter } from './pdf-layout.server'
import { drawQrCode } from './pdf-qr.server'

export type PdfContext = { input: PdfInput; words: PdfWords; writer: PdfWriter; format: Formatter }

const QR_SIZE = 72
const LOGO_BOX: [number, number] = [160, 48]
const GUTTER = 16
const SECTION_GAP = 14

/** The company that writes the document: the buyer orders, the seller quotes, invoices, packs and contracts. */
export const issuerOf = ({ type, content }: Pick<PdfInput, 'type' | 'content'>): DocumentParty => (type === 'purchase_order' ? content.buyer : content.seller)

const isNonZero = (amount: string) => amount !== '' && compareDecimals(amount, '0') !== 0

/** The logo (or the issuer's name), the title and the document's number, date, version and records; the QR code beside. */
export function drawHeading({ input, words, writer, format }: PdfContext): number {
  const qrLeft = PAGE.width - PAGE.margin - QR_SIZE
  const width = qrLeft - PAGE.margin - GUTTER
  let y: number = PAGE.margin
  if (input.logo) {
    writer.doc.image(input.logo, PAGE.margin, y, { fit: LOGO_BOX })
    y += LOGO_BOX[1] + 8
  } else {
    y += writer.text(issuerOf(input).name, PAGE.margin, y, width, { size: 14, bold: true }) + 8
  }
  y += writer.text(words.title(input.type), PAGE.margin, y, width, { size: 16, bold: true }) + 8
  const records = [input.content.source.number, ...input.content.relatedNumbers].join(', ')
  const facts = [
    { label: words.label('number'), value: input.number },
    { label: words.label('date'), value: format.date(input.date) },
    { label: words.label('version'), value: String(input.versionNumber) },
    { label: words.label('related'), value: records },
  ]
  y = drawFacts(writer, facts, PAGE.margin, y, width, 4)

  drawQrCode(writer.doc, input.verifyUrl, qrLeft, PAGE.margin, QR_SIZE)
  const captionWidth = QR_SIZE + 48
  let caption = PAGE.margin + QR_SIZE + 3
  caption += writer.text(words.label('verify'), qrLeft + QR_SIZE - captionWidth, caption, captionWidth, { size: 6, align: 'right', color: COLORS.label })
  caption += writer.text(input.verifyUrl, qrLeft + QR_SIZE - captionWidth, caption, captionWidth, { size: 5, align: 'right', color: COLORS.label })
  return Math.max(y, caption) + SECTION_GAP
}

/** Seller and buyer side by side: name, address lines, country. */
export function drawParties({ input, words, writer }: PdfContext, y: number): number {
  const width = (CONTENT_WIDTH - GUTTER) / 2
  const blocks = [
    { label: words.label('seller'), party: input.content.seller },
    { label: words.label('buyer'), party: input.content.buyer },
  ].map(({ label, party }) => ({ label, name: party.name, address: [...party.address, words.country(party.country)].filter(Boolean).join('\n') }))
  const heightOf = (block: (typeof blocks)[number]) =>
    writer.heightOf(block.label, width, { size: 7 }) + writer.heightOf(block.name, width, { size: 10, bold: true }) + writer.heightOf(block.address, width)
  const height = Math.max(...blocks.map(heightOf))
  const top = writer.room(y, height)
  blocks.forEach((block, index) => {
    const x = PAGE.margin + index * (width + GUTTER)
    let at = top
    at += writer.text(block.label, x, at, width, { size: 7, color: COLORS.label })
    at += writer.text(block.name, x, at, width, { size: 10, bold: true })
    writer.text(block.address, x, at, width)
  })
  return top + height + SECTION_GAP
}

// Known terms and modes in the orders' and shipments' own words; anything else as written.
const paymentTermsIn = (locale: Locale, terms: string) => (terms ? translator(locale, 'orders')(`paymentTerms.${terms}`, { defaultValue: terms }) : '')
const modeIn = (locale: Locale, mode: string) => (mode ? translator(locale, 'logistics')(`modes.${mode}`, { defaultValue: mode }) : '')

/** The trade terms, then what the shipment and the document's own fields say about the carriage. */
export function drawTerms({ input, words, writer, format }: PdfContext, y: number): number {
  const { content } = input
  const terms = [
    { label: words.label('incoterm'), value: [content.incoterm, content.incotermPlace].filter(Boolean).join(' ') },
    { label: words.label('paymentTerms'), value: words.each((locale) => paymentTermsIn(locale, content.paymentTerms)) },
    { label: words.label('currency'), value: content.currency },
  ]
  y = drawFacts(writer, terms, PAGE.margin, y, CONTENT_WIDTH, 4) + SECTION_GAP / 2
  const transport = content.transport
  const day = (date: string | null) => (date ? format.date(date) : '')
  const kilograms = (weight: string | null) => (weight ? words.unit('kg', format.number(weight)) : '')
  const shipping = [
    { label: words.label('mode'), value: words.each((locale) => modeIn(locale, transport?.mode ?? '')) },
    { label: words.label('carrier'), value: transport?.carrier ?? '' },
    { label: words.label('billOfLading'), value: transport?.billOfLading ?? '' },
    { label: words.label('airWaybill'), value: transport?.airWaybill ?? '' },
    { label: words.label('trackingNumber'), value: transport?.trackingNumber ?? '' },
    { label: words.label('containers'), value: transport?.containerNumbers.join(', ') ?? '' },
    { label: words.label('etd'), value: day(transport?.etd ?? null) },
    { label: words.label('eta'), value: day(transport?.eta ?? null) },
    { label: words.label('portOfLoading'), value: content.fields.portOfLoading },
    { label: words.label('portOfDischarge'), value: content.fields.portOfDischarge },
    { label: words.label('vesselOrFlight'), value: content.fields.vesselOrFlight },
    { label: words.label('packages'), value: transport?.packageCount == null ? '' : format.number(transport.packageCount) },
    { label: words.label('grossWeight'), value: kilograms(transport?.grossWeightKg ?? null) },
    { label: words.label('netWeight'), value: kilograms(transport?.netWeightKg ?? null) },
    { label: words.label('volume'), value: transport?.volumeM3 ? words.unit('cubicMetre', format.number(transport.volumeM3)) : '' },
  ]
  return drawFacts(writer, shipping, PAGE.margin, y, CONTENT_WIDTH, 4) + SECTION_GAP
}

const unitName = (unit: string, count: number, locale: Locale) => {
  const known = productUnitFrom(unit)
  return known ? translator(locale)(`unitNames.${known}`, { count }) : unit
}

/** The line table; a packing list's has no prices or amounts, its description the room they leave. */
export async function drawLines({ input, words, writer, format }: PdfContext, y: number, pause: () => Promise<void> | undefined): Promise<number> {
  const { currency, lines } = input.content
  const priced = input.type !== 'packing_list'
  const header = (key: PdfLabel) => words.label(key, undefined, '\n')
  const fixed: Column[] = [
    { header: header('hsCode'), width: 52 },
    { header: header('origin'), width: 40 },
    { header: header('quantity'), width: 64, align: 'right' },
    ...(priced ? [{ header: header('unitPrice'), width: 64, align: 'right' } as const, { header: header('amount'), width: 74, align: 'right' } as const] : []),
  ]
  const lead: Column[] = [
    { header: header('position'), width: 26 },
    { header: header('sku'), width: 70 },
  ]
  const used = [...lead, ...fixed].reduce((sum, column) => sum + column.width, 0)
  const columns = [...lead, { header: header('description'), width: CONTENT_WIDTH - used }, ...fixed]
  const cells = (line: DocumentLine) => [
    String(line.position),
    line.sku,
    line.description,
    line.hsCode,
    line.originCountry,
    `${format.number(line.quantity)} ${words.each((locale) => unitName(line.unit, line.quantity, locale), ' ')}`,
    ...(priced ? [line.unitPrice && format.unitPrice(line.unitPrice, currency), line.amount && format.money(line.amount, currency)] : []),
  ]
  return (await drawTable(writer, columns, lines.map(cells), y, pause)) + SECTION_GAP / 2
}

const TOTALS_WIDTH = 260

/** Quantity, subtotal, freight and insurance when charged, and the total; a packing list counts the quantity only. */
export function drawTotals({ input, words, writer, format }: PdfContext, y: number): number {
  const { totals, currency } = input.content
  const entry = (label: PdfLabel, value: string, bold = false) => ({ label: words.label(label), value, bold })
  const money = (amount: string) => format.money(amount, currency)
  const rows = [entry('totalQuantity', format.number(totals.quantity))]
  if (input.type !== 'packing_list') {
    rows.push(entry('subtotal', money(totals.subtotal)))
    if (isNonZero(totals.freight)) rows.push(entry('freight', money(totals.freight)))
    if (isNonZero(totals.insurance)) rows.push(entry('insurance', money(totals.insurance)))
    rows.push(entry('total', money(totals.total), true))
  }
  const left = PAGE.margin + CONTENT_WIDTH - TOTALS_WIDTH
  const half = TOTALS_WIDTH / 2
  const heightOf = (row: (typeof rows)[number]) => Math.max(writer.heightOf(row.label, half), writer.heightOf(row.value, half, { bold: row.bold })) + 3
  const height = rows.reduce((sum, row) => sum + heightOf(row), 0)
  let top = writer.room(y, height)
  for (const row of rows) {
    writer.text(row.label, left, top, half, { bold: row.bold, color: row.bold ? COLORS.text : COLORS.label })
    writer.text(row.value, left + half, top, half, { bold: row.bold, align: 'right' })
    top += heightOf(row)
  }
  return top + SECTION_GAP
}

/** Shipping marks, bank details and remarks, each when filled in. */
export function drawNotes({ input, words, writer }: PdfContext, y: number): number {
  const { fields } = input.content
  y = drawNote(writer, words.label('marksAndNumbers'), fields.marksAndNumbers, y)
  y = drawNote(writer, words.label('bankDetails'), fields.bankDetails, y)
  return drawNote(writer, words.label('remarks'), fields.remarks, y) + SECTION_GAP
}

const SIGNATURE_SPACE = 36

/** "For and on behalf of" the issuer, a line to sign on, the signatory's name under it. */
export function drawSignature({ input, words, writer }: PdfContext, y: number): void {
  const width = (CONTENT_WIDTH - GUTTER) / 2
  const left = PAGE.margin + width + GUTTER
  const onBehalf = words.label('onBehalfOf')
  const issuer = issuerOf(input).name
  const caption = [input.content.fields.signatory, words.label('signature')].filter(Boolean).join('\n')
  const height = writer.heightOf(onBehalf, width) + writer.heightOf(issuer, width, { bold: true }) + SIGNATURE_SPACE + writer.heightOf(caption, width) + 4
  let top = writer.room(y, height)
  top += writer.text(onBehalf, left, top, width, { color: COLORS.label })
  top += writer.text(issuer, left, top, width, { bold: true }) + SIGNATURE_SPACE
  writer.doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.75)
    .stroke(COLORS.text)
  writer.text(caption, left, top + 4, width, { color: COLORS.label })
}

/**
 * On every page once all are laid out: "Page n of m" and the number in the footer band, and a draft's mark across the
 * page. The bottom margin is lifted while writing there, or pdfkit would start a page for text below it.
 */
export function drawPageFurniture({ input, words, writer }: PdfContext): void {
  const { doc } = writer
  const { start, count } = doc.bufferedPageRange()
  const footerY = PAGE.height - PAGE.margin
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index)
    doc.page.margins.bottom = 0
    const page = words.label('page', { page: index - start + 1, pages: count })
    writer.text(`${input.number} · ${words.label('version')} ${input.versionNumber}`, PAGE.margin, footerY, CONTENT_WIDTH / 2, {
      size: 7,
      color: COLORS.label,
      oneLine: true,
    })
    writer.text(page, PAGE.margin + CONTENT_WIDTH / 2, footerY, CONTENT_WIDTH / 2, { size: 7, color: COLORS.label, align: 'right', oneLine: true })
    if (input.draft) drawDraftMark(writer, words.label('draft'))
  }
}

function drawDraftMark(writer: PdfWriter, mark: string): void {
  const { doc } = writer
  const center = { x: PAGE.width / 2, y: PAGE.height / 2 }
  doc.save()
  doc.rotate(-35, { origin: [center.x, center.y] })
  doc.fillOpacity(0.1)
  writer.text(mark, center.x - PAGE.width / 2, center.y - 40, PAGE.width, { size: 80, bold: true, align: 'center', color: '#CC0000', oneLine: true })
  doc.restore()
}
