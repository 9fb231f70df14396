import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { crossings, orderViolations, publishedTables, sourceFiles, tableOwners, testImports, viewOwners } from '../support/module-walls'

// Issue 17: a module owns its tables; others use its services and the read models (SQL views) it publishes through its
// index.server.ts (ADR 036); modules depend on each other in DESIGN's order.
const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/**
 * Where tables may be named freely: table files (foreign keys), drizzle-kit's schema, the seeds and the record factories
 * (shared by the seeds and the tests) that bulk-load data, and the tools under scripts/ that set up benchmarks.
 */
const exempt = (file: string) =>
  file.endsWith('.tables.server.ts') ||
  file === 'db/schema.ts' ||
  file.startsWith('db/seed/') ||
  file.startsWith('db/factories/') ||
  file.startsWith('scripts/')
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

// The checks parse every file of app/, server/ and db/ (once): seconds on a busy machine.
describe('module walls', { timeout: 60_000 }, () => {
  const owners = tableOwners(root)
  const views = viewOwners(root)
  const runTime = ['app', 'server', 'db'].flatMap((dir) => sourceFiles(root, dir)).filter((file) => !isTest(file))
  const files = runTime.filter((file) => !exempt(file))

  it('finds the tables and the read models of every module', () => {
    expect(owners.get('purchaseOrders')).toBe('modules/orders')
    expect(owners.get('rfqs')).toBe('modules/sourcing')
    expect(owners.get('organizations')).toBe('modules/companies')
    expect(owners.get('files')).toBe('modules/kernel')
    expect(owners.get('numberSequences')).toBe('modules/kernel')
    expect(owners.get('fxRates')).toBe('platform/fx')
    expect(views.get('publicCompanyCards')).toBe('modules/companies')
    expect(views.get('userDirectory')).toBe('modules/identity')
    expect(owners.has('publicCompanyCards')).toBe(false)
  })

  it('reports a module that imports another module’s table, or a read model other than through its index (planted)', () => {
    const planted = 'app/modules/messaging/planted.server.ts'
    const text = [
      "import { purchaseOrders, getPurchaseOrder, orderSubjects } from '../orders/index.server'",
      "import { publicCompanyCards } from '../companies/companies.views.server'",
      "import { conversations } from './messaging.tables.server'",
      "export * from '../sourcing/sourcing.tables.server'",
    ].join('\n')
    expect(crossings(root, owners, [planted], () => text, views)).toEqual([
      `${planted} -> modules/companies.publicCompanyCards`,
      `${planted} -> modules/orders.purchaseOrders`,
      `${planted} -> modules/sourcing.*`,
    ])
  })

  it('lets no module take another module’s table: everything goes through services and published read models', () => {
    expect(crossings(root, owners, files, read, views), 'use (or add) a service or a read model of the owning module').toEqual([])
  })

  it('publishes no table from any module’s index.server.ts', () => {
    const indexes = sourceFiles(root, 'app/modules').filter((file) => file.endsWith('/index.server.ts'))
    expect(indexes.length).toBeGreaterThan(5)
    expect(indexes.flatMap((file) => publishedTables(owners, file, read(file)))).toEqual([])
    const planted = 'app/modules/orders/index.server.ts'
    expect(
      publishedTables(owners, planted, "export * from './orders.tables.server'\nexport { purchaseOrders, getPurchaseOrder } from './orders.tables.server'"),
    ).toEqual([`${planted} -> all tables`, `${planted} -> purchaseOrders`])
  })

  it('keeps imports between modules in DESIGN’s order, and platform free of modules', () => {
    expect(orderViolations(runTime, read), 'move the helper to the module the order allows, or the caller into a workflow').toEqual([])
    const planted: Record<string, string> = {
      'app/modules/catalog/planted.server.ts': "import { getRfq } from '../sourcing/index.server'\nimport { companyCards } from '../companies/index.server'",
      'app/modules/companies/planted.server.ts': "import { userNames } from '../identity/index.server'",
      'app/modules/identity/planted.server.ts': "import { companyCards } from '../companies/index.server'",
      'app/modules/kernel/planted.server.ts': "import { userNames } from '../identity/index.server'\nimport { companyNames } from '../companies/index.server'",
      'app/modules/logistics/planted.server.ts': "import { getPurchaseOrder } from '../orders/index.server'\nimport { x } from '../inventory/index.server'",
      'app/modules/unplaced/planted.server.ts': "import { userNames } from '../identity/index.server'",
      'app/platform/jobs/planted.server.ts':
        "import { remindRfqDeadlines } from '../../modules/sourcing/index.server'\nimport en from '../../modules/catalog/messages/catalog/en.json'",
      'app/workflows/planted.server.ts': "import { getRfq } from '../modules/sourcing/index.server'",
    }
    expect(orderViolations(Object.keys(planted), (file) => planted[file]!)).toEqual([
      'app/modules/catalog/planted.server.ts -> modules/sourcing',
      'app/modules/identity/planted.server.ts -> modules/companies',
      'app/modules/kernel/planted.server.ts -> modules/companies',
      'app/modules/logistics/planted.server.ts -> modules/inventory',
      'app/modules/unplaced/planted.server.ts -> modules/identity',
      'app/platform/jobs/planted.server.ts -> modules/sourcing',
    ])
  })

  it('keeps test code out of what the server runs: nothing under app, server or db imports tests/', () => {
    expect(testImports(runTime, read), 'shared record factories live in db/factories').toEqual([])
    const planted = 'db/seed/planted.server.ts'
    expect(testImports([planted], () => "import { createUser } from '../../tests/factories/users'\nimport { contextOf } from '../factories/context'")).toEqual([
      `${planted} -> ../../tests/factories/users`,
    ])
  })
})
