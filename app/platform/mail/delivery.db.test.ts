import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { testEnv } from '../../../tests/support/test-env'
import { database } from '../db/index.server'
import { setEnvForTesting } from '../env.server'
import { sendSms } from '../sms/sms.server'
import { devMessages } from './mail.tables.server'
import { resetMailTransportForTesting, sendMail } from './mailer.server'

afterEach(() => {
  setEnvForTesting(testEnv())
  resetMailTransportForTesting()
})

describe('mail delivery', () => {
  it('sends through SMTP when SMTP_URL is set, and keeps nothing in the dev mailbox', async () => {
    const received: string[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    setEnvForTesting(testEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }))
    resetMailTransportForTesting()

    await sendMail({ to: 'smtp@example.test', subject: 'Over SMTP', text: 'plain body', html: '<p>html body</p>' })
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('Subject: Over SMTP')
    expect(received[0]).toContain('plain body')
    const kept = await database().select().from(devMessages)
    expect(kept.filter((m) => m.recipient === 'smtp@example.test')).toEqual([])
  })

  it('keeps mail in the dev mailbox without SMTP', async () => {
    await sendMail({ to: 'dev@example.test', subject: 'Kept', text: 'body', html: '<p>body</p>' })
    const kept = await database().select().from(devMessages)
    expect(kept.find((m) => m.recipient === 'dev@example.test')).toMatchObject({ channel: 'mail', subject: 'Kept', textBody: 'body' })
  })
})

describe('SMS delivery', () => {
  it('posts {to, text} to the configured provider with its bearer token', async () => {
    const calls: Array<{ auth: string | undefined; body: string }> = []
    const provider = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        calls.push({ auth: req.headers.authorization, body })
        res.writeHead(202).end()
      })
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const port = (provider.address() as AddressInfo).port
    setEnvForTesting(testEnv({ SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_WEBHOOK_TOKEN: 'provider-token' }))
    await sendSms({ to: '+8613800138000', text: 'Tradeport code: 123456' })
    provider.close()
    expect(calls).toEqual([{ auth: 'Bearer provider-token', body: JSON.stringify({ to: '+8613800138000', text: 'Tradeport code: 123456' }) }])
  })

  it('reports a provider failure instead of dropping the message silently', async () => {
    const provider = createServer((_req, res) => res.writeHead(500).end())
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const port = (provider.address() as AddressInfo).port
    setEnvForTesting(testEnv({ SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` }))
    await expect(sendSms({ to: '+8613800138000', text: 'x' })).rejects.toMatchObject({ code: 'unavailable' })
    provider.close()
    await expect(sendSms({ to: '+8613800138000', text: 'x' })).rejects.toMatchObject({ code: 'unavailable' })
  })
})
