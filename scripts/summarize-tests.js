// Sums every runner of `npm test` into one line: `tests: N passed, N failed`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dir = process.argv[2] ?? '.cache/test-results'
const rows = []

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}

for (const [label, file] of [
  ['vitest (PGlite)', 'vitest-pglite.json'],
  ['vitest db (PostgreSQL)', 'vitest-postgres.json'],
]) {
  const report = readJson(path.join(dir, file))
  if (report) rows.push({ label, passed: report.numPassedTests, failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) })
  else if (file === 'vitest-pglite.json') rows.push({ label, passed: 0, failed: 1, note: 'no report (the run crashed)' })
}

const e2e = readJson('test-results/e2e.json')
if (e2e) {
  const { expected = 0, unexpected = 0, flaky = 0 } = e2e.stats ?? {}
  rows.push({ label: 'playwright (Chromium)', passed: expected + flaky, failed: unexpected + (e2e.errors?.length ?? 0) })
}

const checksFile = path.join(dir, 'checks.txt')
if (existsSync(checksFile)) {
  for (const line of readFileSync(checksFile, 'utf8').trim().split('\n')) {
    const [name, result] = line.split(' ')
    rows.push({ label: name, passed: result === 'pass' ? 1 : 0, failed: result === 'pass' ? 0 : 1 })
  }
}

const passed = rows.reduce((sum, r) => sum + r.passed, 0)
const failed = rows.reduce((sum, r) => sum + r.failed, 0)
console.log('\nrunner                      passed  failed')
for (const r of rows) console.log(`${r.label.padEnd(26)} ${String(r.passed).padStart(7)} ${String(r.failed).padStart(7)}${r.note ? `  ${r.note}` : ''}`)
const phasesFile = path.join(dir, 'phases.txt')
if (existsSync(phasesFile)) {
  const phases = readFileSync(phasesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => ({ name: line.replace(/ \d+$/, ''), seconds: Number(line.split(' ').at(-1)) }))
  const total = phases.reduce((sum, p) => sum + p.seconds, 0)
  console.log(`\nphase                       time (${os.availableParallelism()} cores)`)
  for (const p of [...phases, { name: 'all', seconds: total }]) console.log(`${p.name.padEnd(26)} ${(p.seconds / 60).toFixed(1).padStart(6)} min`)
}
const processesFile = path.join(dir, 'processes.txt')
if (existsSync(processesFile)) console.log(`\nbusiest processes (% CPU, running for, command):\n${readFileSync(processesFile, 'utf8').trimEnd()}`)
const summary = `tests: ${passed} passed, ${failed} failed`
writeFileSync(path.join(dir, 'summary.txt'), `${summary}\n`)
console.log(summary)
process.exit(failed > 0 ? 1 : 0)
