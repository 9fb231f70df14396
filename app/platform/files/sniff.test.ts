import { describe, expect, it } from 'vitest'
import { docxBytes, exeBytes, imageBytes, pdfBytes, xlsxBytes, zipOf } from '../../../tests/support/file-fixtures'
import { AppError } from '../errors'
import { acceptAttribute, type FileTypeId } from './file-types'
import { detectFileType, sanitizeFileName } from './sniff.server'

const DOCUMENTS: FileTypeId[] = ['pdf', 'png', 'jpeg', 'webp', 'xlsx', 'docx']
const IMAGES: FileTypeId[] = ['png', 'jpeg', 'webp']

async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe('detectFileType', () => {
  it('recognises real PNG, JPEG and WebP images by their content', async () => {
    expect(await detectFileType(await imageBytes('png'), 'logo.png', IMAGES)).toBe('png')
    expect(await detectFileType(await imageBytes('jpeg'), 'photo.JPG', IMAGES)).toBe('jpeg')
    expect(await detectFileType(await imageBytes('jpeg'), 'photo.jpeg', IMAGES)).toBe('jpeg')
    expect(await detectFileType(await imageBytes('webp'), 'gate.webp', IMAGES)).toBe('webp')
  })

  it('recognises PDF, XLSX and DOCX documents', async () => {
    expect(await detectFileType(pdfBytes(), 'ISO 9001.pdf', DOCUMENTS)).toBe('pdf')
    expect(await detectFileType(xlsxBytes(), 'price list.xlsx', DOCUMENTS)).toBe('xlsx')
    expect(await detectFileType(docxBytes(), 'contract.docx', DOCUMENTS)).toBe('docx')
  })

  it('refuses an .exe renamed .png with file_type_not_allowed (415)', async () => {
    const error = await refusal(detectFileType(exeBytes(), 'invoice.png', DOCUMENTS))
    expect(error.code).toBe('file_type_not_allowed')
    expect(error.status).toBe(415)
    expect(error.details).toEqual({ allowedTypes: expect.arrayContaining(['image/png', 'application/pdf']) })
  })

  it('refuses a real PNG whose name claims another type', async () => {
    expect((await refusal(detectFileType(await imageBytes('png'), 'scan.pdf', DOCUMENTS))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(await imageBytes('png'), 'photo.jpg', IMAGES))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(await imageBytes('png'), 'logo.png.exe', IMAGES))).code).toBe('file_type_not_allowed')
  })

  it('refuses content that cannot be sniffed, and types the purpose does not allow', async () => {
    expect((await refusal(detectFileType(new TextEncoder().encode('just some text'), 'notes.png', DOCUMENTS))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(pdfBytes(), 'brochure.pdf', IMAGES))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(zipOf({ 'readme.txt': 'hello' }), 'archive.xlsx', DOCUMENTS))).code).toBe('file_type_not_allowed')
  })

  it('recognises UTF-8 text as CSV only where CSV is allowed, and refuses binary content named .csv', async () => {
    const SPREADSHEETS: FileTypeId[] = ['csv', 'xlsx']
    const text = new TextEncoder().encode('\uFEFFsku,name_en\nMUG-1,白瓷杯\n')
    expect(await detectFileType(text, 'products.csv', SPREADSHEETS)).toBe('csv')
    expect(await detectFileType(xlsxBytes(), 'products.xlsx', SPREADSHEETS)).toBe('xlsx')
    expect((await refusal(detectFileType(exeBytes(), 'products.csv', SPREADSHEETS))).status).toBe(415)
    expect((await refusal(detectFileType(new Uint8Array([0x73, 0x6b, 0x75, 0x00, 0x01]), 'products.csv', SPREADSHEETS))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(new Uint8Array([0x73, 0xff, 0xfe, 0x41]), 'latin1.csv', SPREADSHEETS))).code).toBe('file_type_not_allowed')
    expect((await refusal(detectFileType(text, 'products.txt', SPREADSHEETS))).code).toBe('file_type_not_allowed')
  })

  it('accepts a name without an extension (the canonical one is added to the display name)', async () => {
    expect(await detectFileType(await imageBytes('png'), 'pasted image', IMAGES)).toBe('png')
  })
})

describe('sanitizeFileName', () => {
  it('keeps an ordinary name, with its extension in lower case', () => {
    expect(sanitizeFileName('ISO 9001 certificate.pdf', 'pdf')).toBe('ISO 9001 certificate.pdf')
    expect(sanitizeFileName('营业执照.JPG', 'jpeg')).toBe('营业执照.jpg')
  })

  it('drops folders, control and bidi characters, and leading dots', () => {
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\logo.png', 'png')).toBe('logo.png')
    expect(sanitizeFileName('../../etc/passwd.png', 'png')).toBe('passwd.png')
    expect(sanitizeFileName('invoice\u202Egnp.exe.png', 'png')).toBe('invoicegnp.exe.png')
    expect(sanitizeFileName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf')
    expect(sanitizeFileName('...hidden.png', 'png')).toBe('hidden.png')
  })

  it('adds the canonical extension when the name has none, and names nameless files "file"', () => {
    expect(sanitizeFileName('pasted image', 'png')).toBe('pasted image.png')
    expect(sanitizeFileName('', 'jpeg')).toBe('file.jpg')
    expect(sanitizeFileName('/', 'pdf')).toBe('file.pdf')
  })

  it('shortens long names to 200 characters, keeping the extension', () => {
    const name = sanitizeFileName(`${'报'.repeat(300)}.pdf`, 'pdf')
    expect(Array.from(name)).toHaveLength(200)
    expect(name.endsWith('报.pdf')).toBe(true)
  })
})

describe('acceptAttribute', () => {
  it('lists extensions and media types for a file input', () => {
    expect(acceptAttribute(['png', 'jpeg'])).toBe('.png,.jpg,.jpeg,image/png,image/jpeg')
  })
})
