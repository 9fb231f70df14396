import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as z from 'zod'

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1')

/** `{ provider: secret }` from `provider:secret,provider:secret` (null when malformed). */
function providerSecrets(value: string): Record<string, string> | null {
  const secrets: Record<string, string> = {}
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = pair.indexOf(':')
    const provider = pair.slice(0, colon).trim().toLowerCase()
    const secret = pair.slice(colon + 1).trim()
    if (colon < 1 || !/^[a-z0-9_-]{1,40}$/.test(provider) || !secret || Object.hasOwn(secrets, provider)) return null
    secrets[provider] = secret
  }
  return secrets
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tradeport <no-reply@tradeport.local>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: flag.optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Auth mail and SMS (codes, links) to one email address or phone number: at most this many per window. */
  AUTH_RECIPIENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  AUTH_RECIPIENT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Flood control of chat messages: at most MESSAGE_RATE_LIMIT_MAX per user in each window. */
  MESSAGE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  MESSAGE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(10),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** How long marketplace search results are reused in process (0: never); product writes of this process clear them at once. */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  ROOT_REDIRECT: z.string().startsWith('/').optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1_048_576),
  UPLOAD_MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1_048_576),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PATH_STYLE: flag.default(true),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: flag.default(true),
  FAULT_INJECTION: flag.default(false),
  /** Whether this instance runs queued and scheduled jobs; off: a web-only instance that only enqueues them. */
  JOBS_WORKER: flag.default(true),
  /** The ECB daily reference-rate XML (e.g. https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml); unset: the importer is off. */
  FX_ECB_URL: z.string().url().optional(),
  /** Notification mail to someone mailed less than this long ago waits and leaves with the others in one digest; 0: every notice is mailed at once. */
  NOTIFICATION_DIGEST_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** Socket flood control per user (server/realtime): typing + broadcast events, and room joins, per window. */
  REALTIME_RELAY_LIMIT: z.coerce.number().int().positive().default(60),
  REALTIME_JOIN_LIMIT: z.coerce.number().int().positive().default(30),
  REALTIME_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(10),
  /**
   * Carrier webhooks (POST /api/v1/tracking/webhooks/{provider}): comma-separated `provider:secret` pairs, e.g.
   * `aftership:abc,generic:def`; a provider not listed answers 404. The secret signs each request's body (ADR 043).
   */
  TRACKING_WEBHOOK_SECRETS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const secrets = providerSecrets(value)
      if (!secrets) ctx.addIssue({ code: 'custom', message: 'use provider:secret pairs separated by commas (provider: a-z, 0-9, - or _)' })
      return secrets ?? {}
    }),
  /** Carrier webhook requests per provider and client address in each window. */
  /** Public HS code lookups (search, browse, classify) per client address and window (issue 22). */
  HS_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  HS_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  TRACKING_WEBHOOK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  TRACKING_WEBHOOK_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** An AfterShip-style tracking API (e.g. https://api.aftership.com/tracking/2024-04) polled every 15 minutes; unset: off. */
  TRACKING_PROVIDER_URL: z.string().url().optional(),
  /** Its API key, sent as `as-api-key`. */
  TRACKING_PROVIDER_KEY: z.string().min(1).optional(),
  /** Finance (issue 21): the platform's fee on released escrow, in basis points of the amount (200 = 2 %), charged to the supplier. */
  FINANCE_ESCROW_FEE_BPS: z.coerce.number().int().min(0).max(5_000).default(200),
  /** The fee on a payout, in basis points of the amount. */
  FINANCE_PAYOUT_FEE_BPS: z.coerce.number().int().min(0).max(5_000).default(25),
  /** The smallest payout, in whole units of the payout's currency. */
  FINANCE_PAYOUT_MINIMUM: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** Held payments of a delivered order are released this many days after delivery unless the order is disputed. */
  FINANCE_AUTO_RELEASE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** The platform's bank account buyers pay into by bank transfer (shown with each payment's reference). */
  FINANCE_BANK_HOLDER: z.string().min(1).default('Tradeport Escrow Services Ltd'),
  FINANCE_BANK_NAME: z.string().min(1).default('Hongkong and Shanghai Banking Corporation'),
  FINANCE_BANK_IBAN: z.string().min(1).default('GB33BUKB20201555555555'),
  FINANCE_BANK_BIC: z.string().min(1).default('HSBCHKHHHKH'),
  /** Stripe (card payments): a secret key turns the adapter on beside bank transfer; the webhook secret checks its events. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API base (tests point it at a local fake speaking Stripe's shapes), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** WTO ePing (issue 22): the notifications API; without EPING_API_KEY nothing is asked and the bundled sample stands in. */
  EPING_API_URL: z.string().url().default('https://api.wto.org/eping'),
  /** The API's subscription key, sent as Ocp-Apim-Subscription-Key. */
  EPING_API_KEY: z.string().min(1).optional(),
  /** The least time between two requests to the API (politeness; tests use 0). */
  EPING_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** A request not answered within this long fails (and is tried again, three attempts in all). */
  EPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** Sourcing assistant (issue 23): replies one user may ask for per window (ASSISTANT_RATE_LIMIT_WINDOW_SECONDS). */
  ASSISTANT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(20),
  ASSISTANT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** An OpenAI-compatible provider not answering within this long fails the round (after ASSISTANT_MAX_RETRIES more tries on 429/5xx). */
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  ASSISTANT_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** PostgreSQL pool size (connections per server process). */
  DB_POOL_MAX: z.coerce.number().int().positive().max(500).default(10),
  /** A connection not made within this long fails the query (503) instead of waiting. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  /** PostgreSQL cancels a request-path statement running longer than this (migrations are exempt). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Memory per sort, hash or bitmap of a request statement, in MB: PostgreSQL's 4 MB default turns the bitmap of a broad
   * search over a large catalogue lossy, and every row of a lossy page is then matched again from its text (ADR 040).
   */
  DB_WORK_MEM_MB: z.coerce.number().int().min(1).max(1_024).default(16),
  /** Requests served by the database at once; unset: 4 on PGlite (one connection), DB_POOL_MAX on PostgreSQL. */
  DB_MAX_ACTIVE_REQUESTS: z.coerce.number().int().positive().max(1_000).optional(),
  /** Requests allowed to wait for their turn; more are turned away at once with 503 and Retry-After. */
  DB_MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(10_000).default(64),
  /** The longest a request waits for its turn before it is turned away with 503 and Retry-After. */
  DB_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_500),
  /** Requests each API key may make per minute (ADR 053). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Webhook endpoints may be plain http and point at loopback or private addresses. Off in production (https to public
   * addresses only, against SSRF); on in development and tests, where the receiver runs on this machine.
   */
  WEBHOOKS_ALLOW_PRIVATE_URLS: flag.optional(),
  /** How long a webhook receiver has to answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
})

type RawEnv = z.infer<typeof EnvSchema>

export type Env = Omit<RawEnv, 'AUTH_SECRET' | 'AUTH_RATE_LIMIT' | 'PUBLIC_URL' | 'LOG_LEVEL' | 'WEBHOOKS_ALLOW_PRIVATE_URLS'> & {
  AUTH_SECRET: string
  AUTH_RATE_LIMIT: boolean
  WEBHOOKS_ALLOW_PRIVATE_URLS: boolean
  PUBLIC_URL: string
  LOG_LEVEL: NonNullable<RawEnv['LOG_LEVEL']>
  isProduction: boolean
  isHttps: boolean
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/** A development secret persisted in DATA_DIR so sessions survive restarts; production must set AUTH_SECRET. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(32).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new EnvError(`Invalid configuration: ${problems}`)
  }
  const raw = parsed.data
  const isProduction = raw.NODE_ENV === 'production'
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '')
  const isHttps = publicUrl.startsWith('https://')
  if (raw.S3_BUCKET && !(raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  }
  if (raw.TRACKING_PROVIDER_URL && !raw.TRACKING_PROVIDER_KEY) {
    throw new EnvError('TRACKING_PROVIDER_URL needs TRACKING_PROVIDER_KEY')
  }
  if (isProduction && raw.AUTH_RATE_LIMIT === false) {
    throw new EnvError('AUTH_RATE_LIMIT cannot be turned off in production; raise AUTH_RATE_LIMIT_MAX instead')
  }
  const secret =
    raw.AUTH_SECRET ??
    (isProduction && isHttps
      ? (() => {
          throw new EnvError('AUTH_SECRET is required in production (32+ random characters)')
        })()
      : developmentSecret(raw.DATA_DIR))
  return {
    ...raw,
    AUTH_SECRET: secret,
    AUTH_RATE_LIMIT: raw.AUTH_RATE_LIMIT ?? raw.NODE_ENV !== 'test',
    WEBHOOKS_ALLOW_PRIVATE_URLS: raw.WEBHOOKS_ALLOW_PRIVATE_URLS ?? !isProduction,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'silent' : 'info'),
    isProduction,
    isHttps,
  }
}

const globalEnv = globalThis as unknown as { __tradeportEnv?: Env }

export function env(): Env {
  globalEnv.__tradeportEnv ??= parseEnv(process.env)
  return globalEnv.__tradeportEnv
}

/** Tests replace the configuration for one process. */
export function setEnvForTesting(next: Env): void {
  globalEnv.__tradeportEnv = next
}
