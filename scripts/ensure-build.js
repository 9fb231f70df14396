// `npm start` serves the production build; this builds it first when it is missing or older than
// the sources, so a fresh clone needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const BUILD = 'build/server/index.js'
const SOURCES = ['app', 'server', 'db', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs)
}

const built = existsSync(BUILD) ? statSync(BUILD).mtimeMs : 0
if (built === 0 || SOURCES.some((source) => newestMtime(source) > built)) {
  console.log(built === 0 ? 'Building Tradeport (first start)…' : 'Sources changed since the last build; rebuilding…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
