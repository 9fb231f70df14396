import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (where playwright.config.ts, server.js and build/ live), whatever the cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

// Shared by playwright.config.ts (main process and workers) and the specs.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`

// Every run gets its own embedded database. The runner picks the directory once and passes it
// to the workers through the environment (they inherit the runner's process.env).
process.env.E2E_DATA_DIR ??= path.join(REPO_ROOT, '.cache', 'e2e-data', `run-${Date.now()}-${process.pid}`)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR

export const DEMO = {
  admin: { email: 'admin@tradeport.demo', password: 'Granite-Compass-71' },
  buyer: { email: 'buyer@tradeport.demo', password: 'Lantern-Harbour-2026' },
  supplier: { email: 'supplier@tradeport.demo', password: 'Bamboo-Kiln-Forge-88' },
} as const
