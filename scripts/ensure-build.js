// `npm start` serves the production build; this builds it first when it is missing or older than
// the sources, so a fresh clone needs only `npm install && npm start`. The build's own output goes to
// a log file so the first start prints one line about it, not hundreds.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const BUILD = 'build/server/index.js'
const SOURCES = ['app', 'server', 'db', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']
const LOG = '.cache/build.log'

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs)
}

const built = existsSync(BUILD) ? statSync(BUILD).mtimeMs : 0
if (built === 0 || SOURCES.some((source) => newestMtime(source) > built)) {
  const reason = built === 0 ? 'Building Tradeport (first start)' : 'Sources changed since the last build; rebuilding'
  console.log(`${reason}… (log: ${LOG})`)
  mkdirSync(path.dirname(LOG), { recursive: true })
  const log = openSync(LOG, 'w')
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', log, log] })
  closeSync(log)
  if (result.status !== 0) {
    const lines = readFileSync(LOG, 'utf8').trimEnd().split('\n')
    console.error(lines.slice(-40).join('\n'))
    console.error(`The build failed; the whole log is in ${LOG}.`)
    process.exit(result.status ?? 1)
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
}
