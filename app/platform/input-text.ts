/**
 * Text no part of the product can keep (ADR 018): PostgreSQL's text types cannot hold NUL, and a lone
 * UTF-16 surrogate is not Unicode at all (the database drivers would silently turn it into U+FFFD).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed()
}

/** The dotted paths (`lines.0.title`, `_` for the value itself) of every key or string in a JSON value that is not storable. */
export function unstorableTextPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path || '_']
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableTextPaths(item, join(path, String(index))))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) => (isStorableText(key) ? unstorableTextPaths(item, join(path, key)) : [join(path, key)]))
}

/** The names of the entries of a query string or a form whose name or text value is not storable (a file's name counts as text). */
export function unstorableEntryNames(entries: Iterable<[string, FormDataEntryValue]>): string[] {
  const names = new Set<string>()
  for (const [name, value] of entries) {
    const text = typeof value === 'string' ? value : value.name
    if (!isStorableText(name) || !isStorableText(text)) names.add(name)
  }
  return [...names]
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** A JSON object (not null, an array or a scalar): the only body shape any operation takes. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
