import { afterEach, describe, expect, it } from 'vitest'
import { testEnv } from '../../../tests/support/test-env'
import { env, EnvError, parseEnv, setEnvForTesting } from '../env.server'
import { limitInMegabytes, multipartBodyLimitBytes, uploadLimitBytes } from './limits.server'
import { LocalDiskStorage } from './local-storage.server'
import { S3Storage } from './s3-storage.server'
import { storageFromEnv } from './storage.server'

const secret = 'a'.repeat(40)
const original = env()

afterEach(() => setEnvForTesting(original))

describe('upload limits', () => {
  it('default to 5 MB for images, 10 MB for documents and 50 MB for spreadsheets', () => {
    setEnvForTesting(testEnv())
    expect(uploadLimitBytes('image')).toBe(5 * 1_048_576)
    expect(uploadLimitBytes('document')).toBe(10 * 1_048_576)
    expect(uploadLimitBytes('spreadsheet')).toBe(50 * 1_048_576)
    expect(multipartBodyLimitBytes()).toBe(10 * 1_048_576 + 64 * 1024)
  })

  it('follow UPLOAD_MAX_IMAGE_BYTES and UPLOAD_MAX_DOCUMENT_BYTES', () => {
    setEnvForTesting(testEnv({ UPLOAD_MAX_IMAGE_BYTES: '2097152', UPLOAD_MAX_DOCUMENT_BYTES: '31457280' }))
    expect(uploadLimitBytes('image')).toBe(2_097_152)
    expect(uploadLimitBytes('document')).toBe(31_457_280)
    expect(multipartBodyLimitBytes()).toBe(31_457_280 + 64 * 1024)
    setEnvForTesting(testEnv({ UPLOAD_MAX_DOCUMENT_BYTES: '104857600' }))
    expect(uploadLimitBytes('spreadsheet')).toBe(104_857_600)
  })

  it('are stated in megabytes with at most one decimal', () => {
    expect(limitInMegabytes(5 * 1_048_576)).toBe(5)
    expect(limitInMegabytes(1_500_000)).toBe(1.4)
  })
})

describe('storage configuration', () => {
  it('uses the local disk under DATA_DIR/files unless S3_BUCKET is set', () => {
    expect(storageFromEnv(parseEnv({ AUTH_SECRET: secret }))).toBeInstanceOf(LocalDiskStorage)
    expect(storageFromEnv(parseEnv({ AUTH_SECRET: secret, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' }))).toBeInstanceOf(S3Storage)
  })

  it('refuses an S3 bucket without credentials', () => {
    expect(() => parseEnv({ AUTH_SECRET: secret, S3_BUCKET: 'files' })).toThrow(EnvError)
    expect(() => parseEnv({ AUTH_SECRET: secret, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/)
  })

  it('reads the S3 settings; path-style addressing unless turned off', () => {
    expect(parseEnv({ AUTH_SECRET: secret })).toMatchObject({ S3_REGION: 'us-east-1', S3_PATH_STYLE: true })
    const config = parseEnv({
      AUTH_SECRET: secret,
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-central-1',
      S3_PATH_STYLE: 'off',
    })
    expect(config).toMatchObject({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-central-1', S3_PATH_STYLE: false })
  })
})
