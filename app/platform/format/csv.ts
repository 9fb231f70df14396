// CSV for spreadsheets (RFC 4180), shared by the exports that write it by hand.

/** One cell; text a spreadsheet would run as a formula is prefixed with an apostrophe (numbers stay numbers: -5). */
export function csvCell(value: string | number | null): string {
  if (typeof value === 'number') return String(value)
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole file: a UTF-8 byte order mark (spreadsheets then read Chinese text), the header, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${[header.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n')}\r\n`
}
