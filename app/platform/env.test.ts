import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.server'

const secret = 'a'.repeat(40)

describe('configuration', () => {
  it('has zero-setup defaults', () => {
    const env = parseEnv({ AUTH_SECRET: secret })
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', isHttps: false, AUTH_RATE_LIMIT: true })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('requires AUTH_SECRET in production over https', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://tradeport.example' })).toThrow(EnvError)
  })

  it('refuses to turn the auth rate limits off in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: secret, AUTH_RATE_LIMIT: 'off' })).toThrow(/cannot be turned off/)
  })

  it('reports invalid values clearly', () => {
    expect(() => parseEnv({ AUTH_SECRET: secret, PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/)
  })

  it('detects https from PUBLIC_URL', () => {
    expect(parseEnv({ AUTH_SECRET: secret, PUBLIC_URL: 'https://tradeport.example/' })).toMatchObject({
      isHttps: true,
      PUBLIC_URL: 'https://tradeport.example',
    })
  })

  it('reads the carrier webhook secrets as provider:secret pairs, and refuses malformed ones without echoing them', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).TRACKING_WEBHOOK_SECRETS).toEqual({})
    expect(parseEnv({ AUTH_SECRET: secret, TRACKING_WEBHOOK_SECRETS: 'aftership:abc:1, Generic:def' }).TRACKING_WEBHOOK_SECRETS).toEqual({
      aftership: 'abc:1',
      generic: 'def',
    })
    for (const value of ['no-colon-s3cr3t', ':s3cr3t', 'acme:', 'acme:s3cr3t,acme:b', 'a b:s3cr3t']) {
      const attempt = () => parseEnv({ AUTH_SECRET: secret, TRACKING_WEBHOOK_SECRETS: value })
      expect(attempt).toThrow(/TRACKING_WEBHOOK_SECRETS/)
      expect(attempt).not.toThrow(/s3cr3t/)
    }
  })

  it('needs the tracking provider key with its URL', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).TRACKING_PROVIDER_URL).toBeUndefined()
    expect(() => parseEnv({ AUTH_SECRET: secret, TRACKING_PROVIDER_URL: 'https://api.aftership.com/tracking/2024-04' })).toThrow(/TRACKING_PROVIDER_KEY/)
  })
})
