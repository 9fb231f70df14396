import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/env'
import { prepareRun } from './tests/e2e/support/prepare'

// End-to-end journeys against the built app (`npm run build` first; CI builds before e2e).
// Each run starts `node server.js` on a fresh data directory (.cache/e2e-data/run-*).
prepareRun()

// Debian's headless build of Chromium (package chromium-headless-shell, the same Blink as /usr/bin/chromium without the
// browser's window layer) when installed: the suite takes a quarter less time with it (ADR 052). E2E_CHROMIUM picks another.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const CHROMIUM = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three workers on the 2-core machine: a worker spends part of each step waiting (navigation, network idle, the server),
  // and a third keeps both cores busy. Measured on the accessibility spec: 182 s with three workers against 231–252 s with two.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // A journey on the 2-core CI machine takes 20–30 s beside the other workers (axe in light and dark, several pages):
  // 60 s keeps a busy moment from failing it; each assertion still gives up after 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: E2E_BASE_URL,
    locale: 'en-US',
    // A trace records every step's snapshots and screencast frames, which cost the browser and the workers about a
    // sixth of the suite's CPU, and CI keeps only the printed output: E2E_TRACE=1 turns them on to look into a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Journeys that rely on the demo supplier's price list run after the ones that activate other lists of it. The
  // sourcing journey waits about two minutes for a sealed deadline: it is queued first, so the other workers run the
  // rest meanwhile instead of idling at the end while the dependent projects wait for it (measured: 130 s of one idle
  // worker when it came last).
  projects: [
    { name: 'sourcing', testMatch: ['**/sourcing.spec.ts'] },
    { name: 'pricing', testMatch: ['**/marketplace.spec.ts', '**/products.spec.ts'] },
    {
      name: 'orders',
      testMatch: ['**/orders.spec.ts', '**/fulfilment-board.spec.ts', '**/preferred-currency.spec.ts', '**/developer-hub.spec.ts'],
      dependencies: ['pricing'],
    },
    {
      name: 'journeys',
      testIgnore: [
        '**/sourcing.spec.ts',
        '**/marketplace.spec.ts',
        '**/products.spec.ts',
        '**/orders.spec.ts',
        '**/fulfilment-board.spec.ts',
        '**/preferred-currency.spec.ts',
        '**/developer-hub.spec.ts',
      ],
    },
  ],
  webServer: {
    command: 'npx node server.js',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe', // LOG_LEVEL=warn: the start banner plus server warnings and errors
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      FAULT_INJECTION: 'on',
      // Journeys run in parallel on a shared, slow machine: a request may wait longer for the database than in production.
      DB_QUEUE_WAIT_MS: '15000',
      // The developer hub's journey sends webhooks to a receiver on this machine (production refuses local addresses).
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    },
  },
})
