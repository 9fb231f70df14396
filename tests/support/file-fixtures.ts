import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** Real image files, made by sharp, for upload tests. */
export async function imageBytes(format: 'png' | 'jpeg' | 'webp', width = 64, height = 48): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
  return new Uint8Array(await image.toFormat(format).toBuffer())
}

/** A small but well-formed one-page PDF. */
export function pdfBytes(): Uint8Array {
  return new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  )
}

/** The start of a Windows executable: the MZ header a renamed .exe still carries. */
export function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(512)
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0)
  bytes.set([0x80, 0x00, 0x00, 0x00], 0x3c)
  bytes.set([0x50, 0x45, 0x00, 0x00, 0x4c, 0x01], 0x80)
  return bytes
}

/** A zip archive of uncompressed entries, enough for type sniffing of Office files. */
export function zipOf(entries: Record<string, string>): Uint8Array {
  const encoder = new TextEncoder()
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(encoder.encode(name))
    const data = Buffer.from(encoder.encode(text))
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${part}" ContentType="${type}"/></Types>`

export function docxBytes(): Uint8Array {
  return zipOf({
    '[Content_Types].xml': contentTypes('/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    'word/document.xml': '<w:document/>',
  })
}

export function xlsxBytes(): Uint8Array {
  return zipOf({
    '[Content_Types].xml': contentTypes('/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
    'xl/workbook.xml': '<workbook/>',
  })
}
