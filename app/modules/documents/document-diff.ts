// Two versions of a document compared field by field (issue 20): what a reader needs to see before accepting a new
// version — a changed price, a line added, a different port — as paths with the value before and after.
import type { DocumentContent } from './document-content'

/** One difference: where (`lines.3.unitPrice`, `fields.remarks`), and the values as text (empty when absent). */
export type DocumentChange = { path: string; before: string; after: string }

type Flat = Map<string, string>

function flatten(value: unknown, path: string, into: Flat): Flat {
  if (Array.isArray(value)) {
    // Lines are compared by their position on the paper; other lists (container numbers) as one value.
    if (value.every((item) => typeof item !== 'object' || item === null)) into.set(path, value.join(', '))
    else value.forEach((item, index) => flatten(item, `${path}.${index + 1}`, into))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key, into)
  } else {
    into.set(path, value === null || value === undefined ? '' : String(value))
  }
  return into
}

/**
 * The fields that differ between two contents, in the order of the later one (then what only the earlier had). The
 * record's reference (`source`) is left out: versions of one document always share it.
 */
export function diffContents(before: DocumentContent, after: DocumentContent): DocumentChange[] {
  const a = flatten({ ...before, source: undefined }, '', new Map())
  const b = flatten({ ...after, source: undefined }, '', new Map())
  a.delete('source')
  b.delete('source')
  const changes: DocumentChange[] = []
  for (const [path, value] of b) if ((a.get(path) ?? '') !== value) changes.push({ path, before: a.get(path) ?? '', after: value })
  for (const [path, value] of a) if (!b.has(path) && value !== '') changes.push({ path, before: value, after: '' })
  return changes
}
