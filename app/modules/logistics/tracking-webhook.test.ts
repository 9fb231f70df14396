import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhookSignature, webhookUpdate } from './tracking-webhook.server'

const body = new TextEncoder().encode('{"tracking_number":"COSU1","events":[]}')
const hmac = (secret: string) => createHmac('sha256', secret).update(body)

describe('webhook signatures', () => {
  it('accepts AfterShip’s base64 signature and our sha256=<hex> one, made with the provider’s secret', () => {
    expect(verifyWebhookSignature('s3cret', body, { aftership: hmac('s3cret').digest('base64') })).toBe(true)
    expect(verifyWebhookSignature('s3cret', body, { tradeport: `sha256=${hmac('s3cret').digest('hex')}` })).toBe(true)
  })

  it('refuses a missing signature, another secret’s (another provider’s), a changed body and a malformed header', () => {
    expect(verifyWebhookSignature('s3cret', body, {})).toBe(false)
    expect(verifyWebhookSignature('s3cret', body, { aftership: hmac('other').digest('base64') })).toBe(false)
    expect(
      verifyWebhookSignature('s3cret', new TextEncoder().encode('{"tracking_number":"COSU2","events":[]}'), { aftership: hmac('s3cret').digest('base64') }),
    ).toBe(false)
    expect(verifyWebhookSignature('s3cret', body, { tradeport: hmac('s3cret').digest('hex') })).toBe(false)
    expect(verifyWebhookSignature('s3cret', body, { aftership: 'not base64 at all', tradeport: 'sha256=zz' })).toBe(false)
  })
})

describe('webhook bodies', () => {
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

  it('refuses broken JSON as a bad request and another shape as invalid', () => {
    expect(() => webhookUpdate('generic', new TextEncoder().encode('{"tracking_number":'))).toThrow(expect.objectContaining({ code: 'bad_request' }))
    expect(() => webhookUpdate('generic', encode({ tracking_number: 'X', events: [{ occurred_at: 'soon' }] }))).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    )
    expect(() => webhookUpdate('aftership', encode({ tracking_number: 'X', events: [] }))).toThrow(expect.objectContaining({ code: 'validation_failed' }))
  })

  it('reads the generic shape with the carrier’s event ids', () => {
    const update = webhookUpdate(
      'generic',
      encode({ tracking_number: 'COSU1', events: [{ id: 'e1', occurred_at: '2026-12-03T14:05:00+08:00', status: 'picked_up', country: 'cn' }] }),
    )
    expect(update).toMatchObject({ trackingNumber: 'COSU1', events: [{ externalId: 'e1', status: 'picked_up', country: 'CN', utcOffsetMinutes: 480 }] })
  })
})
