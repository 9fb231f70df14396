// A company's finance papers as A4 PDFs (issue 21): a payment's receipt, a month's fee invoice, a month's statement of
// the available balance. Laid out like the business documents (issuer and title, facts, parties, a table that repeats
// its header, totals, "Page n of m"), in the reader's language. The facts come from the finance module's reads, handed
// over by the caller as plain data: this module prints them and knows nothing else of finance.
import PDFDocument from 'pdfkit'
import { createFormatter, type Formatter } from '../../../platform/format/index'
import { interpolate } from '../../../platform/i18n/i18n'
import { LOCALE_ENTRIES, type Locale } from '../../../platform/i18n/locales'
import { timeSlicer } from '../../../platform/time-slice.server'
import { registerFonts } from './pdf-fonts.server'
import { PDF_CATALOGS, type PdfWords, pdfWords } from './pdf-labels'
import { COLORS, CONTENT_WIDTH, type Column, drawFacts, drawNote, drawTable, PAGE, type PdfWriter, pdfWriter } from './pdf-layout.server'

type FinanceWords = (typeof PDF_CATALOGS)['en']['finance']
type FinanceLabel = keyof FinanceWords['labels']

type Party = { name: string; lines?: string[] }

/** A payment's receipt, as finance reads it. */
export type ReceiptPaper = {
  kind: 'receipt'
  number: string
  issuer: string
  payer: { name: string }
  payee: { name: string }
  orderNumber: string
  stage: keyof FinanceWords['stages']
  status: keyof FinanceWords['statuses']
  provider: keyof FinanceWords['providers']
  reference: string
  providerRef: string | null
  currency: string
  amount: string
  orderCurrency: string
  orderAmount: string
  fxRate: string | null
  fxRateDay: string | null
  released: string
  refunded: string
  fee: string
  net: string
  receivedAt: Date
  closedAt: Date | null
}

type PaperCompany = { name: string; taxId: string; address: string }
type EntryKind = keyof FinanceWords['entries']

/** A month's invoice for the fees charged to a company. */
export type FeeInvoicePaper = {
  kind: 'fee_invoice'
  number: string
  month: string
  currency: string
  date: Date
  final: boolean
  issuer: string
  billedTo: PaperCompany
  lines: Array<{ date: Date; entryKind: EntryKind; reference: string; orderNumber: string | null; base: string | null; fee: string }>
  total: string
}

/** A month's statement of a company's available balance in one currency. */
export type StatementPaper = {
  kind: 'statement'
  number: string
  month: string
  currency: string
  date: Date
  final: boolean
  issuer: string
  company: PaperCompany
  opening: string
  lines: Array<{ date: Date; entryKind: EntryKind; reference: string; orderNumber: string | null; amount: string; balance: string }>
  moneyIn: string
  moneyOut: string
  closing: string
}

/** A company's invoice for one period of a paid plan (billing's facts), paid by bank transfer quoting its number. */
export type PlanInvoicePaper = {
  kind: 'plan_invoice'
  number: string
  issuer: string
  date: Date
  dueAt: Date
  billedTo: PaperCompany
  planName: string
  period: 'monthly' | 'yearly'
  periodStart: Date
  periodEnd: Date
  currency: string
  amount: string
  status: 'open' | 'paid' | 'void'
  paidAt: Date | null
  bank: { holder: string; bank: string; iban: string; bic: string }
}

export type FinancePaper = ReceiptPaper | FeeInvoicePaper | StatementPaper | PlanInvoicePaper
export type FinancePaperPdf = { bytes: Uint8Array; fileName: string }

/** Dates print in UTC, like the business documents'. */
const PDF_DATES = { timezone: 'UTC', date_format: 'long', time_format: 'short', hour_cycle: 'h23' } as const
const GUTTER = 16
const SECTION_GAP = 14
const TOTALS_WIDTH = 260

type Context = { paper: FinancePaper; locale: Locale; words: PdfWords; finance: FinanceWords; writer: PdfWriter; format: Formatter }

const label = (context: Context, key: FinanceLabel, values?: Record<string, unknown>) => interpolate(context.finance.labels[key], values)

/** "2026-03" as the reader says it: "March 2026", "2026年3月". */
const monthName = (locale: Locale, month: string) =>
  new Intl.DateTimeFormat(LOCALE_ENTRIES[locale].language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

const dateOf = (paper: FinancePaper) => (paper.kind === 'receipt' ? paper.receivedAt : paper.date)
const holderOf = (paper: FinancePaper) => (paper.kind === 'receipt' ? paper.payer.name : paper.kind === 'statement' ? paper.company.name : paper.billedTo.name)

/** What the heading says of the paper's period: a month, a plan invoice's dates, nothing for a receipt. */
function periodText(context: Context, paper: FinancePaper): string {
  if (paper.kind === 'receipt') return ''
  if (paper.kind === 'plan_invoice')
    return label(context, 'periodRange', { start: context.format.date(paper.periodStart), end: context.format.date(paper.periodEnd) })
  return monthName(context.locale, paper.month)
}

/** The issuer, the title, and the paper's number, date, period and currency. */
function drawHeading(context: Context): number {
  const { paper, writer, words, format } = context
  let y: number = PAGE.margin
  y += writer.text(paper.issuer, PAGE.margin, y, CONTENT_WIDTH, { size: 14, bold: true }) + 8
  y += writer.text(context.finance.titles[paper.kind], PAGE.margin, y, CONTENT_WIDTH, { size: 16, bold: true }) + 8
  const facts = [
    { label: words.label('number'), value: paper.number },
    { label: words.label('date'), value: format.date(dateOf(paper)) },
    { label: label(context, 'period'), value: periodText(context, paper) },
    { label: words.label('currency'), value: paper.currency },
  ]
  y = drawFacts(writer, facts, PAGE.margin, y, CONTENT_WIDTH, 4)
  if ((paper.kind === 'fee_invoice' || paper.kind === 'statement') && !paper.final)
    y += writer.text(label(context, 'provisional'), PAGE.margin, y + 4, CONTENT_WIDTH, { size: 8, bold: true, color: '#CC0000' }) + 4
  return y + SECTION_GAP
}

/** Two parties side by side: a label, the name, the lines under it. */
function drawParties({ writer }: Context, blocks: Array<{ label: string; party: Party }>, y: number): number {
  const width = (CONTENT_WIDTH - GUTTER) / 2
  const textOf = (party: Party) => (party.lines ?? []).filter(Boolean).join('\n')
  const heightOf = ({ label: title, party }: (typeof blocks)[number]) =>
    writer.heightOf(title, width, { size: 7 }) + writer.heightOf(party.name, width, { size: 10, bold: true }) + writer.heightOf(textOf(party), width)
  const height = Math.max(...blocks.map(heightOf))
  const top = writer.room(y, height)
  blocks.forEach((block, index) => {
    const x = PAGE.margin + index * (width + GUTTER)
    let at = top
    at += writer.text(block.label, x, at, width, { size: 7, color: COLORS.label })
    at += writer.text(block.party.name, x, at, width, { size: 10, bold: true })
    writer.text(textOf(block.party), x, at, width)
  })
  return top + height + SECTION_GAP
}

const companyParty = (context: Context, company: PaperCompany): Party => ({
  name: company.name,
  lines: [company.address, company.taxId ? label(context, 'taxId', { taxId: company.taxId }) : ''],
})

/** Right-aligned label and amount rows; the bold ones close the paper. */
function drawTotals({ writer }: Context, rows: Array<{ label: string; value: string; bold?: boolean }>, y: number): number {
  const left = PAGE.margin + CONTENT_WIDTH - TOTALS_WIDTH
  const half = TOTALS_WIDTH / 2
  const heightOf = (row: (typeof rows)[number]) => Math.max(writer.heightOf(row.label, half), writer.heightOf(row.value, half, { bold: row.bold })) + 3
  let top = writer.room(
    y,
    rows.reduce((sum, row) => sum + heightOf(row), 0),
  )
  for (const row of rows) {
    writer.text(row.label, left, top, half, { bold: row.bold, color: row.bold ? COLORS.text : COLORS.label })
    writer.text(row.value, left + half, top, half, { bold: row.bold, align: 'right' })
    top += heightOf(row)
  }
  return top + SECTION_GAP
}

/** A column table with the description taking the room the fixed ones leave. */
function columnsOf(lead: Array<{ header: string; width?: number; align?: 'left' | 'right' }>): Column[] {
  const fixed = lead.reduce((sum, column) => sum + (column.width ?? 0), 0)
  const flexible = lead.filter((column) => column.width === undefined).length
  return lead.map((column) => ({ header: column.header, width: column.width ?? (CONTENT_WIDTH - fixed) / flexible, align: column.align }))
}

async function drawReceipt(context: Context, paper: ReceiptPaper, pause: () => Promise<void> | undefined): Promise<number> {
  const { writer, words, format, finance } = context
  let y = drawHeading(context)
  y = drawParties(
    context,
    [
      { label: label(context, 'payer'), party: { name: paper.payer.name } },
      { label: label(context, 'payee'), party: { name: paper.payee.name } },
    ],
    y,
  )
  const money = (amount: string, currency = paper.currency) => format.money(amount, currency)
  const facts = [
    { label: label(context, 'order'), value: paper.orderNumber },
    { label: label(context, 'stage'), value: finance.stages[paper.stage] },
    { label: label(context, 'status'), value: finance.statuses[paper.status] },
    { label: label(context, 'provider'), value: finance.providers[paper.provider] },
    { label: label(context, 'reference'), value: paper.reference },
    { label: label(context, 'providerReference'), value: paper.providerRef && paper.providerRef !== paper.reference ? paper.providerRef : '' },
    { label: label(context, 'receivedOn'), value: format.date(paper.receivedAt) },
    { label: label(context, 'closedOn'), value: paper.closedAt ? format.date(paper.closedAt) : '' },
    { label: label(context, 'orderAmount'), value: paper.fxRate ? money(paper.orderAmount, paper.orderCurrency) : '' },
    {
      label: label(context, 'fxRate'),
      value: paper.fxRate
        ? label(context, 'fxRateValue', { from: paper.orderCurrency, to: paper.currency, rate: paper.fxRate, day: paper.fxRateDay ?? '' })
        : '',
    },
  ]
  y = drawFacts(writer, facts, PAGE.margin, y, CONTENT_WIDTH, 4) + SECTION_GAP
  const columns = columnsOf([
    { header: label(context, 'order'), width: 110 },
    { header: words.label('description') },
    { header: label(context, 'receivedOn'), width: 110 },
    { header: words.label('amount'), width: 100, align: 'right' },
  ])
  y = await drawTable(writer, columns, [[paper.orderNumber, finance.stages[paper.stage], format.date(paper.receivedAt), money(paper.amount)]], y, pause)
  y += SECTION_GAP / 2
  const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount)
  const rows = [{ label: label(context, 'amountReceived'), value: money(paper.amount), bold: true }]
  if (!isZero(paper.released)) rows.push({ label: label(context, 'released'), value: money(paper.released), bold: false })
  if (!isZero(paper.fee)) rows.push({ label: label(context, 'fee'), value: money(paper.fee), bold: false })
  if (!isZero(paper.released)) rows.push({ label: label(context, 'net'), value: money(paper.net), bold: false })
  if (!isZero(paper.refunded)) rows.push({ label: label(context, 'refunded'), value: money(paper.refunded), bold: false })
  y = drawTotals(context, rows, y)
  return drawNote(writer, words.label('remarks'), label(context, 'escrowNote', { issuer: paper.issuer }), y)
}

/** An invoice's heading, then who issued it and who it is billed to, side by side. */
function drawInvoiceHead(context: Context, paper: FeeInvoicePaper | PlanInvoicePaper): number {
  return drawParties(
    context,
    [
      { label: label(context, 'issuedBy'), party: { name: paper.issuer } },
      { label: label(context, 'billedTo'), party: companyParty(context, paper.billedTo) },
    ],
    drawHeading(context),
  )
}

async function drawFeeInvoice(context: Context, paper: FeeInvoicePaper, pause: () => Promise<void> | undefined): Promise<number> {
  const { writer, words, format, finance } = context
  let y = drawInvoiceHead(context, paper)
  const money = (amount: string) => format.money(amount, paper.currency)
  const columns = columnsOf([
    { header: words.label('date'), width: 90 },
    { header: label(context, 'entry') },
    { header: label(context, 'referenceShort'), width: 100 },
    { header: label(context, 'order'), width: 90 },
    { header: label(context, 'feeBase'), width: 80, align: 'right' },
    { header: label(context, 'fee'), width: 70, align: 'right' },
  ])
  const rows = paper.lines.map((line) => [
    format.date(line.date),
    finance.entries[line.entryKind],
    line.reference,
    line.orderNumber ?? '',
    line.base === null ? '' : money(line.base),
    money(line.fee),
  ])
  y = (await drawTable(writer, columns, rows, y, pause)) + SECTION_GAP / 2
  y = drawTotals(context, [{ label: label(context, 'totalFees'), value: money(paper.total), bold: true }], y)
  return drawNote(writer, words.label('remarks'), label(context, 'feeNote'), y)
}

async function drawStatement(context: Context, paper: StatementPaper, pause: () => Promise<void> | undefined): Promise<number> {
  const { writer, words, format, finance } = context
  let y = drawHeading(context)
  y = drawParties(
    context,
    [
      { label: label(context, 'accountHolder'), party: companyParty(context, paper.company) },
      { label: label(context, 'account'), party: { name: label(context, 'availableAccount', { currency: paper.currency }), lines: [paper.issuer] } },
    ],
    y,
  )
  const money = (amount: string) => format.money(amount, paper.currency)
  y = drawTotals(context, [{ label: label(context, 'opening'), value: money(paper.opening), bold: true }], y)
  if (paper.lines.length === 0) y = writer.text(label(context, 'noMovements'), PAGE.margin, y, CONTENT_WIDTH, { color: COLORS.label }) + y + SECTION_GAP
  else {
    const columns = columnsOf([
      { header: words.label('date'), width: 90 },
      { header: label(context, 'entry') },
      { header: label(context, 'referenceShort'), width: 100 },
      { header: label(context, 'order'), width: 90 },
      { header: words.label('amount'), width: 75, align: 'right' },
      { header: label(context, 'balance'), width: 75, align: 'right' },
    ])
    const rows = paper.lines.map((line) => [
      format.date(line.date),
      finance.entries[line.entryKind],
      line.reference,
      line.orderNumber ?? '',
      money(line.amount),
      money(line.balance),
    ])
    y = (await drawTable(writer, columns, rows, y, pause)) + SECTION_GAP / 2
  }
  return drawTotals(
    context,
    [
      { label: label(context, 'moneyIn'), value: money(paper.moneyIn) },
      { label: label(context, 'moneyOut'), value: money(paper.moneyOut) },
      { label: label(context, 'closing'), value: money(paper.closing), bold: true },
    ],
    y,
  )
}

async function drawPlanInvoice(context: Context, paper: PlanInvoicePaper, pause: () => Promise<void> | undefined): Promise<number> {
  const { writer, words, format } = context
  let y = drawInvoiceHead(context, paper)
  const money = (amount: string) => format.money(amount, paper.currency)
  y = drawFacts(writer, [{ label: label(context, 'dueOn'), value: format.date(paper.dueAt) }], PAGE.margin, y, CONTENT_WIDTH, 4) + SECTION_GAP
  const columns = columnsOf([
    { header: label(context, 'plan') },
    { header: label(context, 'billingPeriod'), width: 90 },
    { header: label(context, 'period'), width: 170 },
    { header: words.label('amount'), width: 90, align: 'right' },
  ])
  const dates = label(context, 'periodRange', { start: format.date(paper.periodStart), end: format.date(paper.periodEnd) })
  y = (await drawTable(writer, columns, [[paper.planName, label(context, paper.period), dates, money(paper.amount)]], y, pause)) + SECTION_GAP / 2
  y = drawTotals(context, [{ label: label(context, paper.status === 'paid' ? 'totalPaid' : 'totalDue'), value: money(paper.amount), bold: true }], y)
  const note =
    paper.status === 'paid'
      ? label(context, 'planInvoicePaid', { date: format.date(paper.paidAt ?? paper.date) })
      : paper.status === 'void'
        ? label(context, 'planInvoiceVoid')
        : label(context, 'planInvoicePay', { ...paper.bank, number: paper.number, due: format.date(paper.dueAt) })
  return drawNote(writer, words.label('remarks'), note, y)
}

/** "Page n of m" and the paper's number at the foot of every page, once all are laid out. */
function drawPageFurniture({ paper, words, writer }: Context): void {
  const { doc } = writer
  const { start, count } = doc.bufferedPageRange()
  const footerY = PAGE.height - PAGE.margin
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index)
    doc.page.margins.bottom = 0
    writer.text(`${paper.number} · ${paper.issuer}`, PAGE.margin, footerY, CONTENT_WIDTH / 2, { size: 7, color: COLORS.label, oneLine: true })
    writer.text(words.label('page', { page: index - start + 1, pages: count }), PAGE.margin + CONTENT_WIDTH / 2, footerY, CONTENT_WIDTH / 2, {
      size: 7,
      color: COLORS.label,
      align: 'right',
      oneLine: true,
    })
  }
}

const FILE_PREFIX: Record<FinancePaper['kind'], string> = { receipt: 'receipt', fee_invoice: 'fee-invoice', statement: 'statement', plan_invoice: 'invoice' }

/** The file a paper downloads as: receipt-PAY-2026-00012.pdf, fee-invoice-FEE-202603-USD-1A2B3C4D.pdf, invoice-PLN-2026-000042.pdf. */
export const financePaperFileName = (paper: Pick<FinancePaper, 'kind' | 'number'>): string =>
  `${FILE_PREFIX[paper.kind]}-${paper.number.replace(/[^\w.-]+/g, '-')}.pdf`

/** The paper as PDF bytes in the reader's language (English, Simplified or Traditional Chinese). */
export async function renderFinancePaperPdf(paper: FinancePaper, locale: Locale): Promise<FinancePaperPdf> {
  const words = pdfWords(locale)
  const finance = PDF_CATALOGS[locale].finance
  const date = dateOf(paper)
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: LOCALE_ENTRIES[locale].language,
    displayTitle: true,
    info: {
      Title: `${finance.titles[paper.kind]} ${paper.number}`,
      Author: paper.issuer,
      Subject: holderOf(paper),
      Creator: 'Tradeport',
      CreationDate: date,
      ModDate: date,
    },
  })
  const bytes = bytesOf(doc)
  registerFonts(doc)
  const context: Context = {
    paper,
    locale,
    words,
    finance,
    writer: pdfWriter(doc, locale === 'zh-Hant' ? 'tc' : 'sc'),
    format: createFormatter({ locale, preferences: PDF_DATES }),
  }
  const pause = timeSlicer()
  if (paper.kind === 'receipt') await drawReceipt(context, paper, pause)
  else if (paper.kind === 'fee_invoice') await drawFeeInvoice(context, paper, pause)
  else if (paper.kind === 'plan_invoice') await drawPlanInvoice(context, paper, pause)
  else await drawStatement(context, paper, pause)
  drawPageFurniture(context)
  doc.end()
  return { bytes: new Uint8Array(await bytes), fileName: financePaperFileName(paper) }
}
