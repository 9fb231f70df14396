import DecimalBase from 'decimal.js'

const Decimal = DecimalBase.clone({ precision: 40 })

export type SnapshotLine = {
  rfqLineId: string
  title: string
  unitPrice: string
  moq: number
  leadTimeDays: number
  note: string
  alternativeDescription: string | null
  alternativeUnitPrice: string | null
}
/** One round of a quotation as kept in `quotation_revisions.snapshot`: its terms and priced lines. */
export type Snapshot = {
  currency: string
  incoterm: string
  incotermPlace: string
  freightAmount: string | null
  insuranceAmount: string | null
  paymentTerms: string
  validUntil: string
  notes: string
  attachmentFileIds: string[]
  lines: SnapshotLine[]
}

const TERM_FIELDS = ['currency', 'incoterm', 'incotermPlace', 'freightAmount', 'insuranceAmount', 'paymentTerms', 'validUntil', 'notes'] as const
const LINE_FIELDS = ['unitPrice', 'moq', 'leadTimeDays', 'note', 'alternativeDescription', 'alternativeUnitPrice'] as const
/** What a round's change can concern (`quotations:history.field.*`): a term, the attachments, a line's offer or one of its fields. */
export const QUOTATION_HISTORY_FIELDS = [...TERM_FIELDS, 'attachments', 'offer', ...LINE_FIELDS] as const
export type QuotationHistoryField = (typeof QUOTATION_HISTORY_FIELDS)[number]
const DECIMAL_FIELDS = new Set(['freightAmount', 'insuranceAmount', 'unitPrice', 'alternativeUnitPrice'])

function same(field: string, before: unknown, after: unknown): boolean {
  if (before === null || before === undefined || after === null || after === undefined) return (before ?? null) === (after ?? null)
  if (DECIMAL_FIELDS.has(field)) return new Decimal(String(before)).eq(new Decimal(String(after)))
  return String(before) === String(after)
}

const shown = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

export type QuotationChange = { field: QuotationHistoryField; rfqLineId: string | null; lineTitle: string | null; before: string | null; after: string | null }

/** What changed from one round to the next: terms, attachments, and per line price, MOQ, lead time, note, alternative. */
export function diffSnapshots(before: Snapshot, after: Snapshot): QuotationChange[] {
  const changes: QuotationChange[] = []
  for (const field of TERM_FIELDS) {
    if (!same(field, before[field], after[field]))
      changes.push({ field, rfqLineId: null, lineTitle: null, before: shown(before[field]), after: shown(after[field]) })
  }
  if ([...before.attachmentFileIds].sort().join() !== [...after.attachmentFileIds].sort().join()) {
    changes.push({
      field: 'attachments',
      rfqLineId: null,
      lineTitle: null,
      before: String(before.attachmentFileIds.length),
      after: String(after.attachmentFileIds.length),
    })
  }
  const earlier = new Map(before.lines.map((line) => [line.rfqLineId, line]))
  const later = new Map(after.lines.map((line) => [line.rfqLineId, line]))
  for (const line of after.lines) {
    const old = earlier.get(line.rfqLineId)
    if (!old) {
      changes.push({ field: 'offer', rfqLineId: line.rfqLineId, lineTitle: line.title, before: null, after: line.unitPrice })
      continue
    }
    for (const field of LINE_FIELDS) {
      if (!same(field, old[field], line[field]))
        changes.push({ field, rfqLineId: line.rfqLineId, lineTitle: line.title, before: shown(old[field]), after: shown(line[field]) })
    }
  }
  for (const line of before.lines) {
    if (!later.has(line.rfqLineId)) changes.push({ field: 'offer', rfqLineId: line.rfqLineId, lineTitle: line.title, before: line.unitPrice, after: null })
  }
  return changes
}
