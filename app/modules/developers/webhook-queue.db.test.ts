// Webhook deliveries go out through the durable job queue (pg-boss): committing a change wakes the endpoint's drain job,
// one drain per endpoint runs while one more may wait (stately), and every message arrives exactly once.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { database } from '../../platform/db/index.server'
import { startJobs, stopJobs } from '../../platform/jobs/index.server'
import { recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { call, signInWithCookies, testApp } from '../../../tests/support/http'
import { WEBHOOK_JOBS } from './webhook-dispatch.server'

let receiver: Server
const ids: string[] = []

beforeAll(async () => {
  receiver = createServer((request, response) => {
    ids.push(String(request.headers['webhook-id']))
    request.resume()
    request.on('end', () => response.writeHead(204).end())
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  await startJobs(WEBHOOK_JOBS, { pollingIntervalSeconds: 0.5 })
})

afterAll(async () => {
  await stopJobs()
  await new Promise((resolve) => receiver.close(resolve))
})

it('delivers each committed change once through the queue, including changes made while a drain runs', async () => {
  const app = testApp()
  const { user, company } = await createMember({ role: 'owner' })
  const jar = await signInWithCookies(app, user)
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  expect((await call(app, '/api/v1/webhooks', { method: 'POST', body: { url, topics: ['shipment'] }, jar })).status).toBe(201)
  const changes = 40
  for (let index = 0; index < changes; index += 1) {
    const id = await database().transaction((tx) =>
      recordEvent(tx, { name: 'shipment.tracked', changes: [{ companyIds: [company.id], entity: 'shipment', id: `shipment-${index}`, action: 'tracked' }] }),
    )
    await relayEvents([id])
  }
  await expect.poll(() => ids.length, { timeout: 30_000, interval: 200 }).toBe(changes)
  expect(new Set(ids).size).toBe(changes)
})
