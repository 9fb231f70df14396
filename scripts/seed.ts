// `npm run seed [-- --companies N --products M --images none]`: migrates the configured database (DATABASE_URL, or
// PGlite in DATA_DIR), creates the demo accounts that are missing and generates a marketplace of N suppliers with M
// products (default 40 and 2,000; skipped when those companies exist). Stop the server first when using PGlite: one
// process owns its files.
import { parseArgs } from 'node:util'
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
import { marketplaceSeedSize, seedDemoData } from '../db/seed/demo.server'
import { withoutProductIndexes } from '../db/seed/marketplace/bulk-indexes.server'
import { copySink } from '../db/seed/marketplace/copy-sink.server'
import { seedMarketplace } from '../db/seed/marketplace/seed-marketplace.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'
import { env } from '../app/platform/env.server'

const { values } = parseArgs({
  options: { companies: { type: 'string' }, products: { type: 'string' }, images: { type: 'string', default: 'generated' } },
})
const count = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback
  const parsed = Number(value.replace(/_/g, ''))
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number, got "${value}"`)
  return parsed
}
if (values.images !== 'generated' && values.images !== 'none') throw new Error('--images must be "generated" or "none"')
const defaults = marketplaceSeedSize()
const size = { companies: count('companies', values.companies, defaults.companies), products: count('products', values.products, defaults.products) }

const handle = databaseHandle()
await handle.migrate()
// The demo accounts only: the marketplace below gets the size asked for.
process.env.SEED_MARKETPLACE_PRODUCTS = '0'
const created = await seedDemoData()
console.log(created ? 'Demo accounts created:' : 'Demo accounts already present:')
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.key.padEnd(9)} ${account.email.padEnd(26)} ${account.password}`)

// PostgreSQL takes the products by COPY (a big load with the product indexes rebuilt afterwards); PGlite by multi-row inserts.
const url = env().DATABASE_URL
const copy = url ? copySink(url) : null
const BULK_LOAD = 100_000
const started = performance.now()
let lastLine = 0
const seed = () =>
  seedMarketplace({
    ...size,
    images: values.images === 'generated',
    ...(copy ? { sink: copy.sink, batchSize: 5_000 } : {}),
    onProgress: (written, total) => {
      if (written < total && performance.now() - lastLine < 1000) return
      lastLine = performance.now()
      const seconds = (performance.now() - started) / 1000
      process.stdout.write(
        `\r  products ${written.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(written / Math.max(seconds, 0.001)).toLocaleString('en')}/s)   `,
      )
    },
  })
const result = url && size.products >= BULK_LOAD ? await withoutProductIndexes(url, seed, (line) => console.log(`\n  ${line}`)) : await seed()
if (result.created)
  console.log(
    `\nMarketplace generated: ${result.companies} companies, ${result.products.toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
else console.log(`Marketplace already present (the ${size.companies} generated companies exist); nothing added.`)
await copy?.close()
await closeDatabase()
