import { execSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { E2E_DATA_DIR, REPO_ROOT } from './env'

/**
 * Runs in the Playwright runner process when the config is loaded, i.e. before the webServer starts
 * (Playwright starts the webServer before globalSetup, so this cannot live there).
 */
export function prepareRun(): void {
  // Once per run: the runner may load the config more than once, and the workers (which inherit the
  // runner's environment) load it too, after the server has started on E2E_DATA_DIR.
  if (process.env.E2E_PREPARED === E2E_DATA_DIR || process.env.TEST_WORKER_INDEX !== undefined) return
  process.env.E2E_PREPARED = E2E_DATA_DIR
  if (!existsSync(path.join(REPO_ROOT, 'build', 'server', 'index.js'))) {
    console.warn('[e2e] build/server/index.js is missing; running `npm run build`')
    execSync('npm run build', { stdio: 'inherit', cwd: REPO_ROOT })
  }
  // Drop data directories of earlier runs (older than an hour, so a concurrent run keeps its own).
  const root = path.dirname(E2E_DATA_DIR)
  if (existsSync(root)) {
    for (const name of readdirSync(root)) {
      const dir = path.join(root, name)
      if (dir !== E2E_DATA_DIR && Date.now() - statSync(dir).mtimeMs > 60 * 60 * 1000) rmSync(dir, { recursive: true, force: true })
    }
  }
  rmSync(E2E_DATA_DIR, { recursive: true, force: true })
}
