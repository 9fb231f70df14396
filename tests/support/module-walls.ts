// The module walls (issue 17): a module owns its tables privately. This reads the tree's imports with the TypeScript
// parser and names every file that takes another module's table, so a test can hold the line while the existing
// crossings are replaced by services.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Where the tables of each module (and platform part) are declared. */
export type TableOwners = Map<string, string>

const SOURCE = /\.(ts|tsx)$/
const IGNORED_DIRS = new Set(['node_modules', 'build', '.react-router', 'test-results', 'playwright-report', 'data', '.cache', '.git'])

/** Every TypeScript file under `dir`, relative to `root`. */
export function sourceFiles(root: string, dir: string): string[] {
  const files: string[] = []
  const walk = (current: string) => {
    for (const entry of readdirSync(path.join(root, current), { withFileTypes: true })) {
      const relative = path.join(current, entry.name)
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) walk(relative)
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(relative)
    }
  }
  walk(dir)
  return files
}

/** The module a file belongs to: `modules/<name>`, `platform/<name>` or `workflows`, or null for routes, server … */
export function ownerOf(file: string): string | null {
  const match = /^app\/(modules|platform)\/([^/]+)\//.exec(file.split(path.sep).join('/'))
  if (match) return `${match[1]}/${match[2]}`
  return null
}

/** Tables by name, each with its owner, from the `*.tables.server.ts` files. */
export function tableOwners(root: string): TableOwners {
  const owners: TableOwners = new Map()
  for (const file of sourceFiles(root, 'app').filter((name) => name.endsWith('.tables.server.ts'))) {
    const owner = ownerOf(file)
    if (!owner) continue
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const match of text.matchAll(/export const (\w+) = pgTable\(/g)) owners.set(match[1]!, owner)
  }
  return owners
}

/** The names a file imports (or re-exports) from each module specifier. */
function importedNames(fileName: string, text: string): Array<{ specifier: string; names: string[] }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Array<{ specifier: string; names: string[] }> = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : []
      // `import * as m` takes every table at once.
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*')
      found.push({ specifier: statement.moduleSpecifier.text, names })
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause
      const names = clause && ts.isNamedExports(clause) ? clause.elements.map((element) => (element.propertyName ?? element.name).text) : ['*']
      found.push({ specifier: statement.moduleSpecifier.text, names })
    }
  }
  return found
}

/** The owner a relative import points into, or null (a package, or outside app/modules and app/platform). */
function targetOwner(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  return ownerOf(path.join(path.dirname(file), specifier) + '/')
}

/**
 * `file (owner) -> table (its owner)` for each table a file outside the table's owner imports. A module's own index
 * re-exporting its tables is not a crossing by itself; using them from outside is.
 */
export function crossings(
  root: string,
  owners: TableOwners,
  files: string[],
  read: (file: string) => string = (file) => readFileSync(path.join(root, file), 'utf8'),
): string[] {
  const result = new Set<string>()
  for (const file of files) {
    const from = ownerOf(file)
    for (const { specifier, names } of importedNames(file, read(file))) {
      const to = targetOwner(file, specifier)
      if (!to || to === from) continue
      for (const name of names) {
        if (name === '*') {
          if (/\.tables\.server$/.test(specifier)) result.add(`${file} -> ${to}.*`)
          continue
        }
        if (owners.get(name) === to) result.add(`${file} -> ${to}.${name}`)
      }
    }
  }
  return [...result].sort()
}

/** `file -> import` for each relative import of a file that reaches into `tests/` (run-time code must not load test code). */
export function testImports(files: string[], read: (file: string) => string): string[] {
  const result: string[] = []
  for (const file of files) {
    for (const { specifier } of importedNames(file, read(file))) {
      if (!specifier.startsWith('.')) continue
      const target = path
        .normalize(path.join(path.dirname(file), specifier))
        .split(path.sep)
        .join('/')
      if (target === 'tests' || target.startsWith('tests/')) result.push(`${file} -> ${specifier}`)
    }
  }
  return result.sort()
}
