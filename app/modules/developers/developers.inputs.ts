import { z } from '../../platform/zod'
import { API_KEY_MAX_IPS, API_KEY_NAME_MAX, API_SCOPES, type ApiScope, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_TOPICS, WEBHOOK_URL_MAX } from './developers.constants'

// Messages are keys of the `developers` catalog.

/** 4 for an IPv4 address, 6 for an IPv6 one, 0 otherwise (in the browser too: the URL parser knows IPv6). */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(value)) return 4
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return 0
  try {
    new URL(`http://[${value}]/`)
    return 6
  } catch {
    return 0
  }
}

/** An address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`). */
export function isIpOrRange(value: string): boolean {
  const [address = '', bits, extra] = value.split('/')
  if (extra !== undefined) return false
  const version = ipVersion(address)
  if (version === 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (version === 4 ? 32 : 128)
}

const trimmed = (max: number, message: string) => z.string(message).trim().max(max, message)

export const CreateApiKeyInput = z
  .object({
    name: trimmed(API_KEY_NAME_MAX, 'validation.name').min(1, 'validation.name'),
    scopes: z
      .array(z.enum(API_SCOPES as [ApiScope, ...ApiScope[]], 'validation.scopes'), 'validation.scopes')
      .min(1, 'validation.scopes')
      .max(API_SCOPES.length, 'validation.scopes'),
    /** ISO date-time; none: the key does not expire. */
    expiresAt: z.iso.datetime({ offset: true, message: 'validation.expiresAt' }).optional(),
    allowedIps: z
      .array(z.string('validation.allowedIps').trim().max(64, 'validation.allowedIps').refine(isIpOrRange, 'validation.allowedIps'), 'validation.allowedIps')
      .max(API_KEY_MAX_IPS, 'validation.allowedIpsCount')
      .default([]),
  })
  .strict()
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInput>

const Topics = z
  .array(z.enum(WEBHOOK_TOPICS, 'validation.topics'), 'validation.topics')
  .min(1, 'validation.topics')
  .max(WEBHOOK_TOPICS.length, 'validation.topics')

export const CreateWebhookInput = z
  .object({
    url: z.string('validation.url').trim().min(1, 'validation.url').max(WEBHOOK_URL_MAX, 'validation.url'),
    description: trimmed(WEBHOOK_DESCRIPTION_MAX, 'validation.description').default(''),
    topics: Topics,
  })
  .strict()
export type CreateWebhookInput = z.input<typeof CreateWebhookInput>

export const UpdateWebhookInput = z
  .object({
    url: z.string('validation.url').trim().min(1, 'validation.url').max(WEBHOOK_URL_MAX, 'validation.url').optional(),
    description: trimmed(WEBHOOK_DESCRIPTION_MAX, 'validation.description').optional(),
    topics: Topics.optional(),
    enabled: z.boolean('validation.enabled').optional(),
  })
  .strict()
export type UpdateWebhookInput = z.input<typeof UpdateWebhookInput>

export const DeliveryListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  endpointId: z.string().min(1).max(64).optional(),
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
})
