import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { financePaperFileName, renderFinancePaperPdf, type FeeInvoicePaper, type ReceiptPaper, type StatementPaper } from './finance-pdf.server'

/** The text of each page as pdf.js reads it back, one text run a line. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const text = await (await document.getPage(number)).getTextContent()
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  await document.destroy()
  return pages
}

const ISSUER = 'Tradeport Escrow Services Ltd'
const company = { name: '宁波竹窑陶瓷有限公司 Bamboo Kiln Ceramics', taxId: '91330200MA2H8K5Q7N', address: '88 Jiangnan Road, Ningbo' }

const receipt: ReceiptPaper = {
  kind: 'receipt',
  number: 'PAY-2026-00012',
  issuer: ISSUER,
  payer: { name: 'Harbour Lantern Trading' },
  payee: { name: company.name },
  orderNumber: 'PO-2026-00007',
  stage: 'deposit',
  status: 'released',
  provider: 'bank_transfer',
  reference: 'TP-7KQ4-M2XD-9B',
  providerRef: null,
  currency: 'EUR',
  amount: '450.00',
  orderCurrency: 'USD',
  orderAmount: '483.36',
  fxRate: '0.9310',
  fxRateDay: '2026-03-02',
  released: '450.00',
  refunded: '0.00',
  fee: '9.00',
  net: '441.00',
  receivedAt: new Date('2026-03-03T09:00:00Z'),
  closedAt: new Date('2026-03-28T10:00:00Z'),
}

const invoice: FeeInvoicePaper = {
  kind: 'fee_invoice',
  number: 'FEE-202603-USD-1A2B3C4D',
  month: '2026-03',
  currency: 'USD',
  date: new Date('2026-03-31T23:59:59Z'),
  final: true,
  issuer: ISSUER,
  billedTo: company,
  lines: [
    {
      date: new Date('2026-03-28T10:00:00Z'),
      entryKind: 'payment_released',
      reference: 'PAY-2026-00012',
      orderNumber: 'PO-2026-00007',
      base: '483.36',
      fee: '9.67',
    },
    { date: new Date('2026-03-30T10:00:00Z'), entryKind: 'payout_paid', reference: 'OUT-2026-00003', orderNumber: null, base: '1000.00', fee: '2.50' },
  ],
  total: '12.17',
}

/** 80 movements: a statement of two pages or more. */
const statement: StatementPaper = {
  kind: 'statement',
  number: 'ST-202603-USD-1A2B3C4D',
  month: '2026-03',
  currency: 'USD',
  date: new Date('2026-03-20T12:00:00Z'),
  final: false,
  issuer: ISSUER,
  company,
  opening: '100.00',
  lines: Array.from({ length: 80 }, (_, index) => ({
    date: new Date(Date.UTC(2026, 2, 1 + (index % 28), 10)),
    entryKind: 'payment_released' as const,
    reference: `PAY-2026-${String(index + 1).padStart(5, '0')}`,
    orderNumber: `PO-2026-${String(index + 1).padStart(5, '0')}`,
    amount: '10.00',
    balance: `${100 + 10 * (index + 1)}.00`,
  })),
  moneyIn: '800.00',
  moneyOut: '0.00',
  closing: '900.00',
}

describe('finance paper PDFs', () => {
  it('writes a receipt in English: the parties, the order, the exchange rate and what was released', async () => {
    const pdf = await renderFinancePaperPdf(receipt, 'en')
    const text = (await pagesOf(pdf.bytes)).join('\n')
    expect(pdf.fileName).toBe('receipt-PAY-2026-00012.pdf')
    expect(text).not.toContain('\u0000')
    for (const expected of ['PAYMENT RECEIPT', ISSUER, 'Harbour Lantern Trading', company.name, 'PO-2026-00007', 'TP-7KQ4-M2XD-9B', 'Bank transfer', 'Deposit'])
      expect(text).toContain(expected)
    expect(text).toContain('€450.00')
    expect(text).toContain('€441.00')
    expect(text).toContain('1 USD = 0.9310 EUR')
    expect(text).toContain('Page 1 of 1')
  })

  it('writes a fee invoice in Simplified Chinese, with the company’s tax id and the total', async () => {
    const pdf = await renderFinancePaperPdf(invoice, 'zh-Hans')
    const text = (await pagesOf(pdf.bytes)).join('\n')
    expect(pdf.fileName).toBe('fee-invoice-FEE-202603-USD-1A2B3C4D.pdf')
    expect(text).not.toContain('\u0000')
    for (const expected of ['服务费发票', '开票对象', '税号：91330200MA2H8K5Q7N', '付款放款', '提现已付', '服务费合计', 'FEE-202603-USD-1A2B3C4D', '2026年3月'])
      expect(text).toContain(expected)
    expect(text).toContain('US$12.17')
    expect(text).toContain('第 1 页，共 1 页')
  })

  it('writes a long statement in Traditional Chinese over pages, its header repeated, marked provisional', async () => {
    const pages = await pagesOf((await renderFinancePaperPdf(statement, 'zh-Hant')).bytes)
    const text = pages.join('\n')
    expect(pages.length).toBeGreaterThan(1)
    expect(text).toContain('帳戶對帳單')
    expect(text).toContain('期初餘額')
    expect(text).toContain('期末餘額')
    expect(text).toContain('臨時版本')
    for (const line of statement.lines) expect(text).toContain(line.reference)
    for (const page of pages.filter((page) => page.includes('PAY-2026-'))) expect(page).toContain('餘額')
    pages.forEach((page, index) => expect(page).toContain(`第 ${index + 1} 頁，共 ${pages.length} 頁`))
  })

  it('names each paper’s file after its kind and number', () => {
    expect(financePaperFileName({ kind: 'statement', number: 'ST-202603-USD-1A2B3C4D' })).toBe('statement-ST-202603-USD-1A2B3C4D.pdf')
  })
})
