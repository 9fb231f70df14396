import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { crossings, sourceFiles, tableOwners, testImports } from '../support/module-walls'

// Issue 17: a module owns its tables; others use its services. The crossings that were there when the wall went up are
// listed in module-walls.allowlist.json and may only shrink: a new crossing fails, and so does a listed one that is gone
// (delete its line). `UPDATE_WALLS=1 npx vitest run tests/unit/module-walls.test.ts` rewrites the list after a removal.
const root = path.resolve(import.meta.dirname, '../..')
const ALLOWLIST = path.join(import.meta.dirname, 'module-walls.allowlist.json')

/**
 * Where tables may be named freely: table files (foreign keys), drizzle-kit's schema, and the seeds and the record
 * factories (shared by the seeds and the tests) that bulk-load data.
 */
const exempt = (file: string) =>
  file.endsWith('.tables.server.ts') || file === 'db/schema.ts' || file.startsWith('db/seed/') || file.startsWith('db/factories/')
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

describe('module walls', () => {
  const owners = tableOwners(root)
  const files = ['app', 'server', 'db', 'scripts'].flatMap((dir) => sourceFiles(root, dir)).filter((file) => !isTest(file) && !exempt(file))

  it('finds the tables of every module', () => {
    expect(owners.get('purchaseOrders')).toBe('modules/orders')
    expect(owners.get('rfqs')).toBe('modules/sourcing')
    expect(owners.get('organizations')).toBe('modules/companies')
    expect(owners.get('fxRates')).toBe('platform/fx')
  })

  it('reports a module that imports another module’s table (a planted crossing)', () => {
    const planted = 'app/modules/messaging/planted.server.ts'
    const text = [
      "import { purchaseOrders, getPurchaseOrder } from '../orders/index.server'",
      "import { conversations } from './messaging.tables.server'",
      "export * from '../sourcing/sourcing.tables.server'",
    ].join('\n')
    expect(crossings(root, owners, [planted], () => text)).toEqual([`${planted} -> modules/orders.purchaseOrders`, `${planted} -> modules/sourcing.*`])
  })

  it('keeps test code out of what the server runs: nothing under app, server or db imports tests/', () => {
    const runTime = ['app', 'server', 'db'].flatMap((dir) => sourceFiles(root, dir)).filter((file) => !isTest(file))
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
    expect(testImports(runTime, read), 'shared record factories live in db/factories').toEqual([])
    const planted = 'db/seed/planted.server.ts'
    expect(testImports([planted], () => "import { createUser } from '../../tests/factories/users'\nimport { contextOf } from '../factories/context'")).toEqual([
      `${planted} -> ../../tests/factories/users`,
    ])
  })

  it('lets no new crossing in, and keeps the list of old ones exact', () => {
    const found = crossings(root, owners, files)
    if (process.env.UPDATE_WALLS === '1') writeFileSync(ALLOWLIST, `${JSON.stringify(found, null, 2)}\n`)
    const allowed = JSON.parse(readFileSync(ALLOWLIST, 'utf8')) as string[]
    expect(
      found.filter((crossing) => !allowed.includes(crossing)),
      'a module takes another module’s table: use (or add) a service of the owning module',
    ).toEqual([])
    expect(
      allowed.filter((crossing) => !found.includes(crossing)),
      'these listed crossings are gone: delete them from module-walls.allowlist.json',
    ).toEqual([])
  })
})
