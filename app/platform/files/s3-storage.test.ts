import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { S3Storage } from './s3-storage.server'

type Seen = { method: string; url: string; headers: IncomingMessage['headers'] }

/** An in-process stand-in for an S3 endpoint: PUT, GET and DELETE of objects, path-style. */
class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>()
  readonly requests: Seen[] = []
  failNext = 0
  private server: Server | undefined

  async start(): Promise<string> {
    this.server = createServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      this.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) return response.writeHead(403).end()
      if (this.failNext > 0) {
        this.failNext -= 1
        return response.writeHead(500).end('<Error><Code>InternalError</Code></Error>')
      }
      const key = request.url ?? ''
      if (request.method === 'PUT') {
        this.objects.set(key, { body: Buffer.concat(chunks), contentType: String(request.headers['content-type']) })
        return response.writeHead(200, { etag: '"x"' }).end()
      }
      const object = this.objects.get(key)
      if (request.method === 'GET') {
        if (!object) return response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
        return response.writeHead(200, { 'content-type': object.contentType }).end(object.body)
      }
      if (request.method === 'DELETE') {
        this.objects.delete(key)
        return response.writeHead(204).end()
      }
      response.writeHead(405).end()
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve))
  }
}

const fake = new FakeS3()
let storage: S3Storage

beforeAll(async () => {
  const endpoint = await fake.start()
  storage = new S3Storage({
    bucket: 'tradeport-files',
    endpoint,
    region: 'eu-central-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    pathStyle: true,
  })
})
afterAll(() => fake.stop())
beforeEach(() => {
  fake.requests.length = 0
  fake.failNext = 0
})

describe('S3Storage', () => {
  it('puts an object path-style, signed with SigV4 and the SHA-256 of its payload', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3])
    await storage.put('originals/abc', bytes, 'image/png')
    const [put] = fake.requests
    expect(put).toMatchObject({ method: 'PUT', url: '/tradeport-files/originals/abc' })
    expect(put?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'))
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-content-sha256;x-amz-date/,
    )
    expect(String(put?.headers.authorization)).not.toContain('wJalrXUtnFEMI')
    expect(fake.objects.get('/tradeport-files/originals/abc')).toEqual({ body: Buffer.from(bytes), contentType: 'image/png' })
  })

  it('gets the object back, and null for a missing key', async () => {
    await storage.put('thumbnails/abc.webp', new Uint8Array([1, 2]), 'image/webp')
    expect(await storage.get('thumbnails/abc.webp')).toEqual(new Uint8Array([1, 2]))
    expect(await storage.get('thumbnails/none.webp')).toBeNull()
  })

  it('deletes objects, missing ones included', async () => {
    await storage.put('originals/gone', new Uint8Array([1]), 'application/pdf')
    await storage.delete('originals/gone')
    await storage.delete('originals/never-there')
    expect(fake.objects.has('/tradeport-files/originals/gone')).toBe(false)
  })

  it('retries a server error, then reports a lasting one', async () => {
    fake.failNext = 1
    await storage.put('originals/retried', new Uint8Array([1]), 'application/pdf')
    expect(fake.objects.has('/tradeport-files/originals/retried')).toBe(true)
    fake.failNext = 10
    await expect(storage.get('originals/retried')).rejects.toThrow(/answered 500/)
  })

  it('refuses keys that are not simple paths', async () => {
    await expect(storage.put('../other-bucket/x', new Uint8Array([1]), 'image/png')).rejects.toThrow(/Unsafe storage key/)
    expect(fake.requests).toHaveLength(0)
  })
})
