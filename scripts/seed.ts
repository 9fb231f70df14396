// `npm run db:seed`: migrates the configured database (DATABASE_URL, or PGlite in DATA_DIR) and creates
// the demo accounts that are missing. Stop the server first when using PGlite: one process owns its files.
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
import { seedDemoData } from '../db/seed/demo.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'

const handle = databaseHandle()
await handle.migrate()
const created = await seedDemoData()
await closeDatabase()
console.log(created ? 'Demo accounts created:' : 'Demo accounts already present:')
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.key.padEnd(9)} ${account.email.padEnd(26)} ${account.password}`)
