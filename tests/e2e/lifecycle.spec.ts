import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { REPO_ROOT } from './support/env'

const PORT = Number(process.env.E2E_LIFECYCLE_PORT ?? 3211)

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`)
}

test('finishes an in-flight request on SIGTERM, then closes the database and exits 0', async () => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tradeport-lifecycle-'))
  const server = spawn(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['server.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), PUBLIC_URL: `http://localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)))
  try {
    await waitForHealth(`http://localhost:${PORT}/api/health`, 90_000)

    // Send the headers and half of the body, signal the server, then finish the request.
    const body = JSON.stringify({ refresh_token: 'rt_not-a-real-token' })
    const socket = net.connect(PORT, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let response = ''
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()))
    socket.write(`POST /api/auth/token?grant_type=refresh_token HTTP/1.1\r\nHost: localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    server.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    socket.write(body.slice(10))
    await new Promise((resolve) => socket.once('close', resolve))

    expect(response).toMatch(/^HTTP\/1\.1 401/)
    expect(response).toContain('"code":"session_not_found"')
    expect(await exited).toBe(0)
    expect(output).toContain('"msg":"stopped"')
  } finally {
    server.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
