// The building blocks of a document's pages, drawn at explicit positions: text in the face that has its glyphs, grids
// of labelled facts, and a line table whose header repeats on each page it runs onto.
import { faceFor, type FontPreference } from './pdf-fonts.server'

/** A4 in points, with the margin around what the pages say. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
/** The lowest point content reaches: the footer has the band below. */
export const CONTENT_BOTTOM = PAGE.height - 60

export const COLORS = { text: '#111111', label: '#555555', rule: '#BBBBBB', shade: '#EEEEEE' } as const
const SIZES = { text: 9, label: 7 } as const

export type TextStyle = {
  size?: number
  bold?: boolean
  color?: string
  align?: 'left' | 'right' | 'center'
  /** One line that never starts a page: the footer, the draft mark. */
  oneLine?: boolean
}

export type PdfWriter = {
  doc: PDFKit.PDFDocument
  /** Sets `text` in a box `width` wide with its top at `y`; answers the height it took. */
  text(text: string, x: number, y: number, width: number, style?: TextStyle): number
  heightOf(text: string, width: number, style?: TextStyle): number
  /** Where a block `height` tall can start: at `y` if it fits above the footer, else at the top of a new page. */
  room(y: number, height: number): number
}

export function pdfWriter(doc: PDFKit.PDFDocument, preference: FontPreference): PdfWriter {
  const setFace = (text: string, style: TextStyle) => {
    const chosen = faceFor(text, style.bold ? 'bold' : 'regular', preference)
    doc.font(chosen.face).fontSize(style.size ?? SIZES.text)
    return chosen.text
  }
  return {
    doc,
    text(text, x, y, width, style = {}) {
      if (!text) return 0
      // Text never runs past the content's bottom: pdfkit would carry it onto a page of its own, out of the layout. The
      // point of slack keeps rounding from cutting a last line that fits exactly.
      const bounds = style.oneLine ? { lineBreak: false } : { height: CONTENT_BOTTOM - y + 1, ellipsis: true }
      const options = { width, align: style.align ?? 'left', ...bounds }
      doc.fillColor(style.color ?? COLORS.text).text(setFace(text, style), x, y, options)
      return doc.y - y
    },
    heightOf: (text, width, style = {}) => (text ? doc.heightOfString(setFace(text, style), { width }) : 0),
    room(y, height) {
      if (y + height <= CONTENT_BOTTOM) return y
      doc.addPage()
      return PAGE.margin
    },
  }
}

type Fact = { label: string; value: string }

const FACT_GAP = { column: 12, row: 6 }

/** Labelled facts in `columns` columns across `width`, the empty ones left out; answers where the grid ends. */
export function drawFacts(writer: PdfWriter, facts: Fact[], x: number, y: number, width: number, columns: number): number {
  const shown = facts.filter((fact) => fact.value.trim() !== '')
  const columnWidth = (width - FACT_GAP.column * (columns - 1)) / columns
  const heightOf = (fact: Fact) => writer.heightOf(fact.label, columnWidth, { size: SIZES.label }) + writer.heightOf(fact.value, columnWidth) + FACT_GAP.row
  for (let start = 0; start < shown.length; start += columns) {
    const row = shown.slice(start, start + columns)
    const top = writer.room(y, Math.max(...row.map(heightOf)))
    row.forEach((fact, index) => {
      const left = x + index * (columnWidth + FACT_GAP.column)
      const labelHeight = writer.text(fact.label, left, top, columnWidth, { size: SIZES.label, color: COLORS.label })
      writer.text(fact.value, left, top + labelHeight, columnWidth)
    })
    y = top + Math.max(...row.map(heightOf))
  }
  return y
}

/** A titled block of free text across the page (marks, bank details, remarks); answers where it ends. */
export function drawNote(writer: PdfWriter, label: string, text: string, y: number): number {
  if (!text.trim()) return y
  const height = writer.heightOf(label, CONTENT_WIDTH, { size: SIZES.label }) + writer.heightOf(text, CONTENT_WIDTH) + FACT_GAP.row * 2
  const top = writer.room(y, height)
  const labelHeight = writer.text(label, PAGE.margin, top, CONTENT_WIDTH, { size: SIZES.label, color: COLORS.label })
  writer.text(text, PAGE.margin, top + labelHeight, CONTENT_WIDTH)
  return top + height
}

export type Column = { header: string; width: number; align?: 'left' | 'right' }

const CELL_PADDING = 3
const TABLE_TEXT: TextStyle = { size: 8 }
const TABLE_HEADER: TextStyle = { size: 7, bold: true }

function rowHeight(writer: PdfWriter, columns: Column[], cells: string[], style: TextStyle): number {
  const heights = columns.map((column, index) => writer.heightOf(cells[index] ?? '', column.width - 2 * CELL_PADDING, style))
  return Math.max(...heights) + 2 * CELL_PADDING
}

function drawRow(writer: PdfWriter, columns: Column[], cells: string[], y: number, style: TextStyle): void {
  let x = PAGE.margin
  columns.forEach((column, index) => {
    writer.text(cells[index] ?? '', x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, { ...style, align: column.align })
    x += column.width
  })
}

function drawHeader(writer: PdfWriter, columns: Column[], y: number): number {
  const headers = columns.map((column) => column.header)
  const height = rowHeight(writer, columns, headers, TABLE_HEADER)
  writer.doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLORS.shade)
  drawRow(writer, columns, headers, y, TABLE_HEADER)
  return y + height
}

/**
 * The line table: rows never split across pages, and each page the table runs onto starts with its header again.
 * `pause` is awaited after each row, so a long table lets the server answer other requests in between.
 */
export async function drawTable(writer: PdfWriter, columns: Column[], rows: string[][], y: number, pause: () => Promise<void> | undefined): Promise<number> {
  const headerHeight = rowHeight(
    writer,
    columns,
    columns.map((column) => column.header),
    TABLE_HEADER,
  )
  const firstRow = rows[0] ? rowHeight(writer, columns, rows[0], TABLE_TEXT) : 0
  y = drawHeader(writer, columns, writer.room(y, headerHeight + firstRow))
  // A row taller than a page (a description of thousands of characters) is cut to one page.
  const tallest = CONTENT_BOTTOM - PAGE.margin - headerHeight
  for (const cells of rows) {
    const height = Math.min(rowHeight(writer, columns, cells, TABLE_TEXT), tallest)
    if (y + height > CONTENT_BOTTOM) y = drawHeader(writer, columns, writer.room(y, headerHeight + height))
    drawRow(writer, columns, cells, y, TABLE_TEXT)
    y += height
    writer.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .stroke(COLORS.rule)
    await pause()
  }
  return y
}
