import path from 'node:path'
import { env, type Env } from '../env.server'
import { LocalDiskStorage } from './local-storage.server'
import { S3Storage } from './s3-storage.server'
import type { FileStorage } from './storage-driver.server'

export type { FileStorage } from './storage-driver.server'

/** S3-compatible storage when S3_BUCKET is set, otherwise the local disk under DATA_DIR/files. */
export function storageFromEnv(config: Env): FileStorage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      pathStyle: config.S3_PATH_STYLE,
    })
  }
  return new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files'))
}

const globalStorage = globalThis as unknown as { __tradeportFileStorage?: FileStorage }

export function fileStorage(): FileStorage {
  globalStorage.__tradeportFileStorage ??= storageFromEnv(env())
  return globalStorage.__tradeportFileStorage
}

/** Tests hand in their own storage (a temporary directory, a fake S3, one that fails); undefined goes back to the configured one. */
export function useFileStorage(storage: FileStorage | undefined): void {
  globalStorage.__tradeportFileStorage = storage
}
