import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * Which groups (top-level keys) of a message catalog the browser code of a page can ask for: every `'group.` or
 * `` `group. `` text in the modules the page imports, followed from the route module through relative imports. A
 * module's barrel (`index.ts`) is followed only for the names imported from it. Server modules (`.server.`) are left
 * out: their texts are translated on the server. Erring on the side of more: a text that merely looks like a key counts.
 */
export function messageGroupsUsed(routeFile: string, groups: readonly string[]): Set<string> {
  const used = new Set<string>()
  const keyText = new RegExp(`['"\`](${groups.map(escapeRegExp).join('|')})\\.`, 'g')
  const visited = new Set<string>()
  const queue: { file: string; names: Set<string> | 'all' }[] = [{ file: resolve(routeFile), names: 'all' }]
  const barrelNames = new Map<string, Set<string>>()

  while (queue.length > 0) {
    const { file, names } = queue.pop()!
    const source = readFileSync(file, 'utf8')
    if (isBarrel(file)) {
      // Follow only the exports asked for; `export *` could hold any of them.
      const asked = barrelNames.get(file) ?? new Set<string>()
      const fresh = names === 'all' ? ['*'] : [...names].filter((name) => !asked.has(name))
      if (fresh.length === 0) continue
      for (const name of fresh) asked.add(name)
      barrelNames.set(file, asked)
      for (const statement of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
        if (statement[1]) continue
        const exported = specifiers(statement[2]!)
        const wanted = names === 'all' ? exported.map((s) => s.local) : exported.filter((s) => names.has(s.exported)).map((s) => s.local)
        if (wanted.length > 0) enqueue(file, statement[3]!, new Set(wanted))
      }
      // `export *` is followed only when the module it names exports one of the names asked for.
      for (const statement of source.matchAll(/export\s+\*\s+from\s+'([^']+)'/g)) {
        const target = names === 'all' ? null : resolveModule(dirname(file), statement[1]!)
        if (names === 'all' || (target && exportedNames(target).some((name) => name === '*' || names.has(name)))) enqueue(file, statement[1]!, names)
      }
      continue
    }
    if (visited.has(file)) continue
    visited.add(file)
    for (const match of source.matchAll(keyText)) used.add(match[1]!)
    for (const statement of source.matchAll(/(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'/g)) {
      if (statement[1]) continue
      const clause = statement[2]!
      const named = /\{([^}]*)\}/.exec(clause)
      const names = named && !/\*|^\s*\w+\s*,/.test(clause) ? new Set(specifiers(named[1]!).map((s) => s.exported)) : 'all'
      enqueue(file, statement[3]!, names)
    }
    for (const statement of source.matchAll(/import\s+'([^']+)'/g)) enqueue(file, statement[1]!, 'all')
  }
  return used

  function enqueue(from: string, specifier: string, names: Set<string> | 'all') {
    if (!specifier.startsWith('.')) return
    const target = resolveModule(dirname(from), specifier)
    if (!target) return
    queue.push({ file: target, names })
  }
}

/** The names a module exports itself (declarations and export lists, not re-exports), to decide whether `export *` leads to one. */
function exportedNames(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const names = [
    ...source.matchAll(/export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum|abstract\s+class)\s+(\w+)/g),
  ].map((match) => match[1]!)
  for (const list of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}(?!\s*from)/g)) if (!list[1]) names.push(...specifiers(list[2]!).map((s) => s.exported))
  // A module that re-exports further is followed as before: what it passes on is not read here.
  if (/export\s+(?:\*|\{[^}]*\})\s+from\s+'/.test(source)) names.push('*')
  return names
}

function specifiers(list: string): { exported: string; local: string }[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [local, exported] = part.split(/\s+as\s+/)
      return { local: local!.trim(), exported: (exported ?? local!).trim() }
    })
}

function isBarrel(file: string): boolean {
  return /[\\/]index(\.server)?\.tsx?$/.test(file) && !/[\\/]routes[\\/]/.test(file)
}

function resolveModule(directory: string, specifier: string): string | null {
  const base = join(directory, specifier)
  if (/\.(json|css|svg)(\?.*)?$/.test(specifier)) return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.tsx?$/.test(candidate)) return candidate
  }
  return null
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
