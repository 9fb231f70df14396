import { createHash } from 'node:crypto'
import { AwsClient } from 'aws4fetch'
import { logger } from '../logger.server'
import { assertStorageKey, type FileStorage } from './storage-driver.server'

export type S3Options = {
  bucket: string
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO / R2 / OSS endpoint. */
  endpoint: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `endpoint/bucket/key` (MinIO and most compatibles) rather than `bucket.endpoint/key`. */
  pathStyle: boolean
}

const REQUEST_TIMEOUT_MS = 30_000

/** An S3-compatible bucket, spoken to with signed fetch requests (SigV4); payloads are signed with their SHA-256. */
export class S3Storage implements FileStorage {
  private readonly client: AwsClient
  private readonly base: URL

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      retries: 2,
    })
    const endpoint = new URL(options.endpoint)
    this.base = options.pathStyle
      ? new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${options.bucket}/`)
      : new URL(`${endpoint.protocol}//${options.bucket}.${endpoint.host}/`)
  }

  private urlOf(key: string): URL {
    assertStorageKey(key)
    return new URL(key, this.base)
  }

  private async request(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    init: { body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    return this.client.fetch(this.urlOf(key).toString(), { method, body: init.body, headers: init.headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
  }

  private failure(method: string, key: string, status: number): Error {
    // The bucket and key say where; credentials never appear in what is logged.
    logger().error({ storage: 's3', method, bucket: this.options.bucket, key, status }, 'object storage request failed')
    return new Error(`S3 ${method} ${key} answered ${status}`)
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    // A copy with its own ArrayBuffer: what fetch accepts as a body.
    const response = await this.request('PUT', key, { body: new Uint8Array(bytes), headers: { 'content-type': contentType, 'x-amz-content-sha256': sha256 } })
    await response.body?.cancel()
    if (!response.ok) throw this.failure('PUT', key, response.status)
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const response = await this.request('GET', key)
    if (response.status === 404) {
      await response.body?.cancel()
      return null
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw this.failure('GET', key, response.status)
    }
    return new Uint8Array(await response.arrayBuffer())
  }

  async delete(key: string): Promise<void> {
    const response = await this.request('DELETE', key)
    await response.body?.cancel()
    if (!response.ok && response.status !== 404) throw this.failure('DELETE', key, response.status)
  }
}
