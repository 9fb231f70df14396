import { createHash } from 'node:crypto'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentFromShipment, type ShipmentRecord } from '../document-content'
import { renderDocumentPdf, warmUpPdf, type PdfInput } from './document-pdf.server'
import { PDF_CATALOGS } from './pdf-labels'

const PRODUCTS = ['不锈钢保温杯 500毫升', '陶瓷马克杯 350毫升', '竹制砧板 大号', '棉质购物袋', '玻璃储物罐 1升', '硅胶锅铲']

/** A shipment of 50 lines with Chinese product names: 100 + i pieces at 12.50 each, so 77,812.50 in all. */
const shipment: ShipmentRecord = {
  id: 'sh-17',
  number: 'SH-2026-00042',
  shipperCompanyId: 's',
  shipperName: '宁波竹窑陶瓷有限公司 Bamboo Kiln Ceramics',
  buyerCompanyId: 'b',
  buyerName: 'Harbour Lantern Trading',
  mode: 'sea_fcl',
  carrier: 'COSCO',
  trackingNumber: 'COSU9911',
  billOfLading: 'COSU6234567',
  airWaybill: '',
  containerNumbers: ['CSNU1234567'],
  originName: 'Ningbo',
  originCountry: 'CN',
  destinationName: 'Rotterdam',
  destinationCountry: 'NL',
  incoterm: 'FOB',
  incotermPlace: 'Ningbo',
  etd: '2026-03-20',
  eta: '2026-04-25',
  packageCount: 120,
  grossWeightKg: '2450.5',
  netWeightKg: '2200',
  volumeM3: '33.2',
  lines: Array.from({ length: 50 }, (_, index) => ({
    orderNumber: index < 25 ? 'PO-2026-00007' : 'PO-2026-00008',
    sku: `CUP-${String(index + 1).padStart(3, '0')}`,
    description: `${PRODUCTS[index % PRODUCTS.length]} 第${index + 1}款`,
    unit: 'piece',
    quantity: 100 + index,
    unitPrice: '12.50',
    currency: 'USD',
  })),
}

const content = {
  ...contentFromShipment(shipment),
  fields: {
    marksAndNumbers: 'HLT\nROTTERDAM\nC/NO. 1-120',
    bankDetails: 'Bank of China, Ningbo Branch\nSWIFT BKCHCNBJ92A',
    remarks: '货物已检验 Goods inspected before loading.',
    signatory: '张伟 Zhang Wei',
    portOfLoading: 'Ningbo',
    portOfDischarge: 'Rotterdam',
    vesselOrFlight: 'COSCO ARIES 012W',
  },
}

let logo: Buffer

const invoice = (overrides: Partial<PdfInput> = {}): PdfInput => ({
  number: 'CI-2026-00017',
  type: 'commercial_invoice',
  language: 'en+zh-Hans',
  versionNumber: 2,
  date: new Date('2026-03-14T08:00:00Z'),
  draft: false,
  content,
  verifyUrl: 'https://tradeport.example/verify/CI-2026-00017?token=abc123',
  logo,
  ...overrides,
})

/** The text of each page as pdf.js reads it back, one text run a line. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const text = await (await document.getPage(number)).getTextContent()
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  await document.destroy()
  return pages
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('document PDFs', () => {
  beforeAll(async () => {
    logo = await sharp({ create: { width: 240, height: 72, channels: 3, background: '#1f4e79' } })
      .jpeg()
      .toBuffer()
    await warmUpPdf()
  })

  it('writes a 50-line bilingual commercial invoice whose text reads back: numbers, every line, the total, the pages', async () => {
    const pages = await pagesOf(await renderDocumentPdf(invoice()))
    const text = pages.join('\n')

    expect(pages.length).toBeGreaterThan(1)
    expect(text).not.toContain('\u0000')
    expect(text).toContain('COMMERCIAL INVOICE 商业发票')
    expect(text).toContain('Seller 卖方')
    expect(text).toContain('CI-2026-00017')
    expect(text).toContain('SH-2026-00042')
    expect(text).toContain('PO-2026-00007')
    for (const line of content.lines) {
      expect(text).toContain(line.sku)
      expect(text).toContain(line.description)
    }
    expect(text).toContain('$12.50')
    expect(text).toContain('$77,812.50')
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length} 第 ${index + 1} 页，共 ${pages.length} 页`))
  })

  it('repeats the line table’s header on each page the table runs onto', async () => {
    const pages = await pagesOf(await renderDocumentPdf(invoice()))
    const withLines = pages.filter((page) => /CUP-\d{3}/.test(page))
    expect(withLines.length).toBeGreaterThan(1)
    for (const page of withLines) expect(page).toContain('Unit price')
  })

  it('writes a Traditional Chinese invoice in Traditional words, with names only the Simplified face has', async () => {
    const simplifiedOnly = '简单包装 计件'
    const lines = content.lines.map((line, index) => (index === 0 ? { ...line, description: simplifiedOnly } : line))
    const pages = await pagesOf(await renderDocumentPdf(invoice({ language: 'zh-Hant', content: { ...content, lines } })))
    const text = pages.join('\n')

    expect(text).not.toContain('\u0000')
    expect(text).toContain('商業發票')
    expect(text).toContain('賣方')
    expect(text).toContain(simplifiedOnly)
    expect(text).toContain('US$77,812.50')
    expect(pages[0]).toContain(`第 1 頁，共 ${pages.length} 頁`)
  })

  it('replaces what no face can draw rather than writing an empty glyph', async () => {
    const lines = content.lines.map((line, index) => (index === 0 ? { ...line, description: 'Mug 🙂 杯\u200b' } : line))
    const text = (await pagesOf(await renderDocumentPdf(invoice({ language: 'en', content: { ...content, lines } })))).join('\n')

    expect(text).not.toContain('\u0000')
    expect(text).toContain('Mug ? 杯')
  })

  it('leaves unit prices and amounts off a packing list', async () => {
    const text = (await pagesOf(await renderDocumentPdf(invoice({ number: 'PL-2026-00009', type: 'packing_list', language: 'en' })))).join('\n')

    expect(text).toContain('PACKING LIST')
    expect(text).toContain('PL-2026-00009')
    for (const line of content.lines) expect(text).toContain(line.sku)
    expect(text).toContain('Total quantity')
    expect(text).not.toContain('Unit price')
    expect(text).not.toContain('$12.50')
    expect(text).not.toContain('$77,812.50')
  })

  it('gives the same bytes for the same input, also rendered side by side, and other bytes for other content', async () => {
    const [first, ...concurrent] = await Promise.all([1, 2, 3, 4].map(() => renderDocumentPdf(invoice())))
    for (const bytes of concurrent) expect(sha256(bytes)).toBe(sha256(first!))
    expect(sha256(await renderDocumentPdf(invoice()))).toBe(sha256(first!))

    const oneMore = content.lines.map((line, index) => (index === 49 ? { ...line, quantity: line.quantity + 1 } : line))
    expect(sha256(await renderDocumentPdf(invoice({ content: { ...content, lines: oneMore } })))).not.toBe(sha256(first!))
    expect(sha256(await renderDocumentPdf(invoice({ draft: true })))).not.toBe(sha256(first!))
  })

  it('takes its words from catalogs with the same keys in English, Simplified and Traditional Chinese', () => {
    const keysOf = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`)))
    const english = keysOf(PDF_CATALOGS.en).sort()
    expect(keysOf(PDF_CATALOGS['zh-Hans']).sort()).toEqual(english)
    expect(keysOf(PDF_CATALOGS['zh-Hant']).sort()).toEqual(english)
  })
})
