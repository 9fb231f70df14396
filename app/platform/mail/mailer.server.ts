import { randomUUID } from 'node:crypto'
import nodemailer, { type Transporter } from 'nodemailer'
import { database } from '../db/index.server'
import { env } from '../env.server'
import { AppError } from '../errors'
import { logger } from '../logger.server'
import { devMessages } from './mail.tables.server'

export type OutgoingMail = { to: string; subject: string; text: string; html: string }

const globalMail = globalThis as unknown as { __tradeportMailTransport?: Transporter }

function smtpTransport(url: string): Transporter {
  globalMail.__tradeportMailTransport ??= nodemailer.createTransport(url)
  return globalMail.__tradeportMailTransport
}

/** Sends through SMTP when SMTP_URL is set; otherwise keeps the mail in the dev mailbox. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const config = env()
  if (config.SMTP_URL) {
    try {
      await smtpTransport(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    } catch (error) {
      logger().error({ err: (error as Error).message, channel: 'mail' }, 'smtp delivery failed')
      throw new AppError('unavailable', 'Mail could not be sent')
    }
    logger().info({ channel: 'mail', subject: mail.subject }, 'mail sent over smtp')
    return
  }
  await database()
    .insert(devMessages)
    .values({ id: randomUUID(), channel: 'mail', recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html })
  logger().info({ channel: 'mail', subject: mail.subject }, 'mail stored in the dev mailbox')
}

export function resetMailTransportForTesting(): void {
  globalMail.__tradeportMailTransport?.close()
  globalMail.__tradeportMailTransport = undefined
}
