// The verification QR code as vector rectangles from qrcode's module matrix: sharp at any zoom, and a few milliseconds
// where a PNG would cost several times that (ADR 046).
import QRCode from 'qrcode'

/** Draws the QR code of `text`, `size` points square, with its top left corner at (x, y). */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const cell = size / modules.size
  for (let row = 0; row < modules.size; row++) {
    // One rectangle per run of dark modules in a row: fewer operators than one per module.
    for (let column = 0; column < modules.size;) {
      if (!modules.get(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < modules.size && modules.get(row, column)) column++
      doc.rect(x + start * cell, y + row * cell, (column - start) * cell, cell)
    }
  }
  doc.fillColor('#000000').fill()
}
