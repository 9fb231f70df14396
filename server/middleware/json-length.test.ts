import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compression } from './compression'
import { jsonContentLength } from './json-length'

function app(): Hono {
  const hono = new Hono()
  hono.use(compression())
  hono.use(jsonContentLength())
  hono.get('/small', (c) => c.json({ name: '景德镇 teapot' }))
  hono.get('/created', (c) => c.json({ id: 'po_1' }, 201, { Location: '/api/v1/orders/po_1' }))
  hono.get('/typed', (c) => c.json({ title: 'Not found' }, 404, { 'Content-Type': 'application/problem+json' }))
  hono.get('/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Clay teapot ${index}` })) }))
  return hono
}

describe('jsonContentLength', () => {
  it('states the byte length of a JSON answer, multi-byte text included, and leaves a small one uncompressed', async () => {
    const response = await app().request('/small', { headers: { 'accept-encoding': 'br, gzip' } })
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('content-length')).toBe(String(body.byteLength))
    expect(body.byteLength).toBeGreaterThan(JSON.stringify({ name: '景德镇 teapot' }).length)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(body.toString())).toEqual({ name: '景德镇 teapot' })
  })

  it('keeps the status and headers a handler gives, its own content type included', async () => {
    const created = await app().request('/created')
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe('/api/v1/orders/po_1')
    const typed = await app().request('/typed')
    expect(typed.status).toBe(404)
    expect(typed.headers.get('content-type')).toBe('application/problem+json')
    expect(typed.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify({ title: 'Not found' }))))
  })

  it('still lets a large answer be compressed, with the encoded length', async () => {
    const response = await app().request('/big', { headers: { 'accept-encoding': 'br' } })
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-length')).toBe(String(body.byteLength))
  })
})
