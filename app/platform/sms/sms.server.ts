import { env } from '../env.server'
import { AppError } from '../errors'
import { logger } from '../logger.server'
import { keepInDevOutbox } from '../mail/dev-mailbox.server'

export type OutgoingSms = { to: string; text: string }

/**
 * Sends through the configured SMS webhook (a JSON POST of {to, text}, bearer-authenticated when
 * SMS_WEBHOOK_TOKEN is set); otherwise keeps the message in the dev outbox beside the dev mailbox.
 */
export async function sendSms(sms: OutgoingSms): Promise<void> {
  const config = env()
  if (config.SMS_WEBHOOK_URL) {
    const response = await fetch(config.SMS_WEBHOOK_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.SMS_WEBHOOK_TOKEN ? { authorization: `Bearer ${config.SMS_WEBHOOK_TOKEN}` } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      throw new AppError('unavailable', `SMS provider unreachable: ${error.message}`)
    })
    if (!response.ok) throw new AppError('unavailable', `SMS provider answered ${response.status}`)
    logger().info({ channel: 'sms' }, 'sms sent through the provider')
    return
  }
  await keepInDevOutbox({ channel: 'sms', recipient: sms.to, textBody: sms.text })
  logger().info({ channel: 'sms' }, 'sms stored in the dev outbox')
}
