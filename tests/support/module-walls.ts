// The module walls (issue 17): a module owns its tables privately and publishes services and read models (views, ADR 036);
// modules depend on each other in one order. This reads the tree's imports with the TypeScript parser and names every
// file that takes another module's table, and every import that goes against the order.
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

/** Declarations of one kind (`pgTable` in `*.tables.server.ts`, `pgView` in `*.views.server.ts`) by name, each with its owner. */
function declaredIn(root: string, suffix: string, builder: string): TableOwners {
  const owners: TableOwners = new Map()
  for (const file of sourceFiles(root, 'app').filter((name) => name.endsWith(suffix))) {
    const owner = ownerOf(file)
    if (!owner) continue
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const match of text.matchAll(new RegExp(`export const (\\w+) = ${builder}\\(`, 'g'))) owners.set(match[1]!, owner)
  }
  return owners
}

/** Tables by name, each with its owner, from the `*.tables.server.ts` files. */
export function tableOwners(root: string): TableOwners {
  return declaredIn(root, '.tables.server.ts', 'pgTable')
}

/** The read models (SQL views) by name, each with the module that publishes it, from the `*.views.server.ts` files. */
export function viewOwners(root: string): TableOwners {
  return declaredIn(root, '.views.server.ts', 'pgView')
}

type Imports = Array<{ specifier: string; names: string[] }>
const parsed = new Map<string, { text: string; imports: Imports }>()

/** The names a file imports (or re-exports) from each module specifier (each text parsed once: the checks read the tree several times). */
function importedNames(fileName: string, text: string): Imports {
  const known = parsed.get(fileName)
  if (known?.text === text) return known.imports
  const imports = parseImports(fileName, text)
  parsed.set(fileName, { text, imports })
  return imports
}

function parseImports(fileName: string, text: string): Imports {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Imports = []
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
 * `file (owner) -> table (its owner)` for each table a file outside the table's owner imports, and for each read model
 * (`views`) it takes other than through the owner's `index.server.ts`, the published face. A module's own index
 * re-exporting its tables is not a crossing by itself; using them from outside is.
 */
export function crossings(
  root: string,
  owners: TableOwners,
  files: string[],
  read: (file: string) => string = (file) => readFileSync(path.join(root, file), 'utf8'),
  views: TableOwners = new Map(),
): string[] {
  const result = new Set<string>()
  for (const file of files) {
    const from = ownerOf(file)
    for (const { specifier, names } of importedNames(file, read(file))) {
      const to = targetOwner(file, specifier)
      if (!to || to === from) continue
      const published = /\/index\.server$/.test(specifier)
      for (const name of names) {
        if (name === '*') {
          if (/\.tables\.server$/.test(specifier)) result.add(`${file} -> ${to}.*`)
          continue
        }
        if (owners.get(name) === to || (views.get(name) === to && !published)) result.add(`${file} -> ${to}.${name}`)
      }
    }
  }
  return [...result].sort()
}

/** The tables a module's `index.server.ts` hands out (`export *` of a table file counts as all): none, once the walls stand. */
export function publishedTables(owners: TableOwners, indexFile: string, text: string): string[] {
  const owner = ownerOf(indexFile)
  return importedNames(indexFile, text)
    .filter(({ specifier }) => targetOwner(indexFile, specifier) === owner)
    .flatMap(({ specifier, names }) => names.filter((name) => (name === '*' ? /\.tables\.server$/.test(specifier) : owners.get(name) === owner)))
    .map((name) => `${indexFile} -> ${name === '*' ? 'all tables' : name}`)
}

/**
 * DESIGN §3 rule 1: the order modules may depend in. A module imports only modules of an earlier rank (modules planned
 * for later issues are placed already); platform parts import no module; workflows (outside app/modules) may import any.
 */
export const MODULE_ORDER: ReadonlyArray<readonly string[]> = [
  ['identity'],
  ['billing'],
  ['kernel'],
  ['companies'],
  ['catalog'],
  ['sourcing'],
  ['orders'],
  ['logistics', 'inventory', 'finance', 'documents', 'compliance'],
  ['messaging'],
  ['assistant'],
  // The developer hub (ADR 053): keys act for companies, webhooks announce every module's changes.
  ['developers'],
]

const rankOf = (name: string) => MODULE_ORDER.findIndex((rank) => rank.includes(name))

/**
 * `file -> modules/<name>` for each import against the order: a module taking one of its own rank or a later one (or one
 * not placed in the order), and a platform part taking any module. Message catalogs (JSON) are data the platform's i18n
 * registers, not code, and are left out.
 */
export function orderViolations(files: string[], read: (file: string) => string): string[] {
  const result = new Set<string>()
  for (const file of files) {
    const from = ownerOf(file)
    if (!from) continue
    for (const { specifier } of importedNames(file, read(file))) {
      const to = targetOwner(file, specifier)
      if (!to || to === from || !to.startsWith('modules/') || /\/messages\/.*\.json$/.test(specifier)) continue
      const [kind, name] = from.split('/') as [string, string]
      const target = to.slice('modules/'.length)
      const allowed = kind === 'modules' && rankOf(name) >= 0 && rankOf(target) >= 0 && rankOf(target) < rankOf(name)
      if (!allowed) result.add(`${file} -> ${to}`)
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
