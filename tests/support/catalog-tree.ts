/** A message catalog as nested objects of strings. */
export type Tree = { [key: string]: string | Tree }

/** A catalog's texts by their dotted keys (`nav.groups.home` → "Home"). */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(full, value)
    else for (const [k, v] of flatten(value, full)) out.set(k, v)
  }
  return out
}
