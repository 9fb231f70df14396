import { describe, expect, it } from 'vitest'
import { operationMatcher, scopeRequirement, scopesGrant } from './api-key-scopes'
import { isIpOrRange } from './developers.inputs'
import { retryDelayMs } from './webhook-dispatch.server'
import { guardedLookup, isSpecialAddress, webhookUrlProblem } from './url-guard.server'
import { signWebhook, verifyWebhook } from './webhook-signing.server'
import { webhookEventOf } from './webhook-events'

describe('API key scopes', () => {
  it('asks read of GETs and write of the rest in the operation’s area; write includes read', () => {
    expect(scopeRequirement({ method: 'GET', tags: ['Orders'], level: 'company' })).toEqual({ kind: 'scope', scope: 'orders:read' })
    expect(scopeRequirement({ method: 'POST', tags: ['Products'], level: 'company' })).toEqual({ kind: 'scope', scope: 'catalog:write' })
    expect(scopeRequirement({ method: 'POST', tags: ['Functions'], level: 'user' })).toEqual({ kind: 'scope', scope: 'reference:read' })
    expect(scopeRequirement({ method: 'GET', tags: ['HS codes'], level: 'public' })).toEqual({ kind: 'public' })
    expect(scopeRequirement({ method: 'GET', tags: ['Plans'], level: 'company' })).toEqual({ kind: 'unavailable' })
    expect(scopeRequirement({ method: 'POST', tags: ['Categories'], level: 'platform_admin' })).toEqual({ kind: 'unavailable' })
    expect(scopesGrant(['orders:write'], 'orders:read')).toBe(true)
    expect(scopesGrant(['orders:read'], 'orders:write')).toBe(false)
    expect(scopesGrant(['catalog:write'], 'orders:read')).toBe(false)
  })

  it('matches a request to its operation, literal segments first', () => {
    const match = operationMatcher([
      { method: 'get', path: '/api/v1/orders/{id}', tags: ['Orders'], level: 'company' },
      { method: 'get', path: '/api/v1/orders/export', tags: ['Orders'], level: 'company' },
      { method: 'post', path: '/api/v1/orders/{id}/transitions', tags: ['Orders'], level: 'company' },
    ])
    expect(match('GET', '/api/v1/orders/export')?.path).toBe('/api/v1/orders/export')
    expect(match('GET', '/api/v1/orders/42')?.path).toBe('/api/v1/orders/{id}')
    expect(match('HEAD', '/api/v1/orders/42')?.path).toBe('/api/v1/orders/{id}')
    expect(match('POST', '/api/v1/orders/42/transitions')?.path).toBe('/api/v1/orders/{id}/transitions')
    expect(match('DELETE', '/api/v1/orders/42')).toBeNull()
    expect(match('GET', '/api/v1/orders/42/x')).toBeNull()
  })

  it('accepts addresses and CIDR ranges of both families in allow-lists', () => {
    for (const good of ['203.0.113.7', '203.0.113.0/24', '2001:db8::1', '2001:db8::/32', '::1']) expect(isIpOrRange(good), good).toBe(true)
    for (const bad of ['300.1.1.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3', '10.0.0.0/8/8', '']) expect(isIpOrRange(bad), bad).toBe(false)
  })
})

describe('webhook URLs (SSRF)', () => {
  it('knows loopback, private, link-local, reserved and mapped addresses', () => {
    for (const special of [
      '127.0.0.1',
      '10.2.3.4',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isSpecialAddress(special), special).toBe(true)
    for (const open of ['93.184.216.34', '8.8.8.8', '2606:4700::6810:85e5', '::ffff:8.8.8.8']) expect(isSpecialAddress(open), open).toBe(false)
  })

  it('judges a URL before any connection', () => {
    expect(webhookUrlProblem('https://erp.example.com/hook', false)).toBeNull()
    expect(webhookUrlProblem('http://erp.example.com/hook', false)).toBe('not_https')
    expect(webhookUrlProblem('https://192.168.0.10/hook', false)).toBe('private_address')
    expect(webhookUrlProblem('https://intranet/hook', false)).toBe('private_address')
    expect(webhookUrlProblem('http://127.0.0.1:4000/hook', true)).toBeNull()
    expect(webhookUrlProblem('not a url', true)).toBe('invalid')
  })

  it('refuses at connection time a name that resolves inside the network', async () => {
    const resolve = (allowPrivate: boolean) =>
      new Promise<{ error: string | null; address: unknown }>((done) =>
        guardedLookup(allowPrivate)('localhost', { all: true }, (error, address) => done({ error: error?.message ?? null, address })),
      )
    expect((await resolve(false)).error).toContain('private or reserved address')
    expect((await resolve(true)).error).toBeNull()
  })
})

describe('signing and events', () => {
  it('signs Standard Webhooks style and verifies within the tolerance', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const now = new Date('2026-12-01T00:00:00Z')
    const timestamp = String(now.getTime() / 1000)
    const signature = signWebhook(secret, 'msg_1', Number(timestamp), '{"a":1}')
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(verifyWebhook(secret, { id: 'msg_1', timestamp, signature }, '{"a":1}', now)).toBe(true)
    expect(verifyWebhook(secret, { id: 'msg_1', timestamp, signature }, '{"a":2}', now)).toBe(false)
    expect(verifyWebhook(secret, { id: 'msg_1', timestamp, signature }, '{"a":1}', new Date(now.getTime() + 600_000))).toBe(false)
  })

  it('maps changes to topics: order money steps are payments, projects are not published', () => {
    expect(webhookEventOf({ entity: 'purchase_order', id: '1', action: 'confirm' })).toMatchObject({ topic: 'order', type: 'order.confirm' })
    expect(webhookEventOf({ entity: 'purchase_order', id: '1', action: 'payment_released' })).toMatchObject({ topic: 'payment', type: 'payment.released' })
    expect(webhookEventOf({ entity: 'quotation', id: 'q', action: 'submit', rfqId: 'r' })?.data).toEqual({
      object: 'quotation',
      id: 'q',
      action: 'submit',
      rfq_id: 'r',
    })
    expect(webhookEventOf({ entity: 'project', id: 'p', action: 'activate' })).toBeNull()
  })

  it('backs off from 30 s, doubling, to at most an hour', () => {
    const middle = () => 0.5
    expect(retryDelayMs(1, middle)).toBe(30_000)
    expect(retryDelayMs(2, middle)).toBe(60_000)
    expect(retryDelayMs(8, middle)).toBe(3_600_000)
    expect(retryDelayMs(30, middle)).toBe(3_600_000)
  })
})
