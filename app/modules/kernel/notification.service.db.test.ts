import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { createUser } from '../../../db/factories/users'
import { testEnv } from '../../../tests/support/test-env'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { resultRows } from '../../platform/db/result-rows'
import { setEnvForTesting } from '../../platform/env.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { userPreferences } from '../identity/preferences.tables.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { supplierApplications } from '../companies/companies.tables.server'
import { createInvitation, decideApplication, deliverNotice, type Notice, recordNotice } from '../companies/index.server'
import { notificationMailQueue, notifications, notificationSettings } from './kernel.tables.server'
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.service.server'
import { deliverUserNotice, flushNotificationDigests, recordUserNotice } from './notification.service.server'

const mailsTo = async (email: string) =>
  database()
    .select({ subject: devMessages.subject, text: devMessages.textBody })
    .from(devMessages)
    .where(and(eq(devMessages.recipient, email), eq(devMessages.channel, 'mail')))
    .orderBy(asc(devMessages.createdAt), asc(devMessages.id))
const subjectsTo = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject)
const noticesOf = async (userId: string) =>
  database()
    .select({ kind: notifications.kind, params: notifications.params, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
const queuedFor = async (userId: string) => database().select().from(notificationMailQueue).where(eq(notificationMailQueue.userId, userId))

/** Records a notice and delivers it, as services do around their transaction. */
async function notice(input: Notice): Promise<void> {
  await database().transaction((tx) => recordNotice(tx, input))
  await deliverNotice(input)
}

const order = (companyId: string, number: string): Notice => ({
  companyId,
  kind: 'purchase_order.confirm',
  params: { number, company: 'Bamboo Kiln Ceramics' },
  link: `/app/orders/${number}/view`,
})

afterEach(() => setEnvForTesting(testEnv()))

describe('deliverNotice', () => {
  it('mails every member but the actor, each in the language they chose (English until they choose)', async () => {
    const owner = await createMember({ role: 'owner' })
    const chinese = await createUser()
    const english = await createUser()
    await addMember(owner.company.id, chinese.id, 'member')
    await addMember(owner.company.id, english.id, 'member')
    await database()
      .insert(userPreferences)
      .values({ userId: chinese.id, language: 'zh-Hans', currency: 'CNY', dateFormat: 'medium', timeFormat: 'short', hourCycle: 'h23' })
    await deliverNotice({
      companyId: owner.company.id,
      exceptUserId: owner.user.id,
      kind: 'purchase_order.confirm',
      params: { number: 'PO-2026-00042', company: 'Bamboo Kiln Ceramics' },
      link: '/app/orders/x/view',
    })
    expect(await subjectsTo(chinese.email)).toEqual(['订单 PO-2026-00042 已确认'])
    expect(await subjectsTo(english.email)).toEqual(['Order PO-2026-00042 confirmed'])
    expect(await subjectsTo(owner.user.email)).toEqual([])
  })

  it('mails only the groups a person left on, and records the notice in the app either way', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    const ctx = contextOf(user.id, company.id)
    expect((await getNotificationSettings(ctx)).mail.rfq).toBe(true)
    await updateNotificationSettings(ctx, { mail: { rfq: false } })
    await notice({ companyId: company.id, kind: 'rfq.closed', params: { number: 'RFQ-2026-00001', title: 'Lamps', count: '2' }, link: '/app/sourcing/rfq/x' })
    expect(await subjectsTo(user.email)).toEqual([])
    expect((await noticesOf(user.id)).map((row) => row.kind)).toEqual(['rfq.closed'])
    await notice(order(company.id, 'PO-2026-00007'))
    expect(await subjectsTo(user.email)).toEqual(['Order PO-2026-00007 confirmed'])
  })

  it('sends `mail: false` notices to the app only', async () => {
    const { user, company } = await createMember({ role: 'owner' })
    await database().transaction((tx) => recordNotice(tx, order(company.id, 'PO-2026-00008')))
    await deliverNotice(order(company.id, 'PO-2026-00008'), { mail: false })
    expect(await subjectsTo(user.email)).toEqual([])
    expect(await noticesOf(user.id)).toHaveLength(1)
  })
})

describe('notification digests', () => {
  it('mails the first notice at once, queues the next ones, and sends them as one digest when the window has passed', async () => {
    setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '120' }))
    const { user, company } = await createMember({ role: 'owner' })
    const start = Date.now()
    await notice(order(company.id, 'PO-2026-00101'))
    await notice(order(company.id, 'PO-2026-00102'))
    await notice(order(company.id, 'PO-2026-00103'))
    expect(await subjectsTo(user.email)).toEqual(['Order PO-2026-00101 confirmed'])
    expect(await queuedFor(user.id)).toHaveLength(2)
    expect(await noticesOf(user.id)).toHaveLength(3)

    expect(await flushNotificationDigests(new Date(start + 60_000))).toBe(0)
    expect(await flushNotificationDigests(new Date(start + 121_000))).toBe(1)
    const mails = await mailsTo(user.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.subject).toBe('Tradeport: new notifications (2)')
    expect(mails[1]!.text).toContain('Order PO-2026-00102 confirmed')
    expect(mails[1]!.text).toContain('Order PO-2026-00103 confirmed')
    expect(mails[1]!.text).toContain('/app/orders/PO-2026-00103/view')
    expect(await queuedFor(user.id)).toEqual([])

    // Mailed at the flush: the next notice waits again, and alone it leaves as the normal mail.
    await notice(order(company.id, 'PO-2026-00104'))
    expect(await queuedFor(user.id)).toHaveLength(1)
    expect(await flushNotificationDigests(new Date(start + 250_000))).toBe(1)
    expect((await subjectsTo(user.email)).at(-1)).toBe('Order PO-2026-00104 confirmed')
  })

  it('mails one of two notices that arrive at the same moment and queues the other', async () => {
    setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '120' }))
    const { user, company } = await createMember({ role: 'owner' })
    const colleague = await createUser()
    await addMember(company.id, colleague.id)
    await Promise.all([notice(order(company.id, 'PO-2026-00151')), notice(order(company.id, 'PO-2026-00152'))])
    for (const person of [user, colleague]) {
      expect(await subjectsTo(person.email)).toHaveLength(1)
      expect(await queuedFor(person.id)).toHaveLength(1)
    }
    // Leave no digest due for the flushes of the other tests.
    await database()
      .delete(notificationMailQueue)
      .where(inArray(notificationMailQueue.userId, [user.id, colleague.id]))
  })

  // Deterministic on PostgreSQL only, where a second connection can hold the other notice's claim open.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'queues a notice for someone whose settings a concurrent notice is creating (PostgreSQL), instead of losing it',
    async () => {
      setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '120' }))
      const { user, company } = await createMember({ role: 'owner' })
      await database().delete(notificationSettings).where(eq(notificationSettings.userId, user.id))
      // The other notice's claim, not committed yet: it creates the person's settings, stamped as mailed just now.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let claimed!: () => void
      const claimedOpen = new Promise<void>((resolve) => (claimed = resolve))
      const other = database().transaction(async (tx) => {
        await tx.insert(notificationSettings).values({ userId: user.id, lastMailedAt: new Date() })
        claimed()
        await held
      })
      await claimedOpen
      const delivering = deliverNotice(order(company.id, 'PO-2026-00251'))
      try {
        // This notice's statement began before the other committed, and waits for its row.
        await expect
          .poll(async () => {
            const rows = await database().execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%notification_mail_queue%'`,
            )
            return resultRows<{ n: number }>(rows)[0]!.n
          })
          .toBe(1)
      } finally {
        // Also when the wait above fails: the held transaction would otherwise keep the file's database busy.
        release()
        await Promise.all([other, delivering])
      }
      expect(await subjectsTo(user.email)).toEqual([])
      expect(await queuedFor(user.id)).toHaveLength(1)
      await database().delete(notificationMailQueue).where(eq(notificationMailQueue.userId, user.id))
    },
  )

  it('sends a digest once when two flushes run at the same time', async () => {
    setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '120' }))
    const { user, company } = await createMember({ role: 'owner' })
    for (const number of ['PO-2026-00201', 'PO-2026-00202', 'PO-2026-00203']) await notice(order(company.id, number))
    const later = new Date(Date.now() + 121_000)
    const sent = await Promise.all([flushNotificationDigests(later), flushNotificationDigests(later)])
    expect(sent[0]! + sent[1]!).toBe(1)
    expect(await subjectsTo(user.email)).toEqual(['Order PO-2026-00201 confirmed', 'Tradeport: new notifications (2)'])
  })

  it('drops queued mail of a group turned off while it waited', async () => {
    setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '120' }))
    const { user, company } = await createMember({ role: 'owner' })
    await notice(order(company.id, 'PO-2026-00301'))
    await notice(order(company.id, 'PO-2026-00302'))
    await updateNotificationSettings(contextOf(user.id, company.id), { mail: { purchase_order: false } })
    expect(await flushNotificationDigests(new Date(Date.now() + 121_000))).toBe(0)
    expect(await subjectsTo(user.email)).toEqual(['Order PO-2026-00301 confirmed'])
    expect(await queuedFor(user.id)).toEqual([])
  })

  it('mails every notice at once with a window of 0', async () => {
    setEnvForTesting(testEnv({ NOTIFICATION_DIGEST_WINDOW_SECONDS: '0' }))
    const { user, company } = await createMember({ role: 'owner' })
    await notice(order(company.id, 'PO-2026-00401'))
    await notice(order(company.id, 'PO-2026-00402'))
    expect(await subjectsTo(user.email)).toEqual(['Order PO-2026-00401 confirmed', 'Order PO-2026-00402 confirmed'])
    expect(await queuedFor(user.id)).toEqual([])
  })
})

describe('recordUserNotice', () => {
  it('notifies named people who need not be members, in the app and by mail per their settings', async () => {
    const { company } = await createMember({ role: 'owner', companyInput: { name: 'Harbour Textiles' } })
    const outsider = await createUser()
    const quiet = await createUser()
    await updateNotificationSettings(contextOf(quiet.id, company.id), { mail: { team: false } })
    const userNotice = {
      userIds: [outsider.id, quiet.id, outsider.id],
      kind: 'team.invited' as const,
      params: { company: 'Harbour Textiles', inviter: 'Mei Chen' },
      link: '/app/team/join',
      companyId: company.id,
    }
    expect(await database().transaction((tx) => recordUserNotice(tx, userNotice))).toBe(2)
    await deliverUserNotice(userNotice)
    expect(await noticesOf(outsider.id)).toEqual([
      { kind: 'team.invited', params: { company: 'Harbour Textiles', inviter: 'Mei Chen' }, link: '/app/team/join' },
    ])
    expect(await noticesOf(quiet.id)).toHaveLength(1)
    expect(await subjectsTo(outsider.email)).toEqual(['Mei Chen invited you to join Harbour Textiles'])
    expect(await subjectsTo(quiet.email)).toEqual([])
  })
})

describe('notices of other modules', () => {
  it('tells an existing user they were invited (in the app; the invitation mail is the only mail)', async () => {
    const owner = await createMember({ role: 'owner', user: { name: 'Mei Chen' }, companyInput: { name: 'Invite Works' } })
    const existing = await createUser()
    await createInvitation(contextOf(owner.user.id, owner.company.id), { email: existing.email, role: 'member' })
    await createInvitation(contextOf(owner.user.id, owner.company.id), { email: `new-${randomUUID().slice(0, 6)}@example.test`, role: 'member' })
    expect(await noticesOf(existing.id)).toEqual([{ kind: 'team.invited', params: { company: 'Invite Works', inviter: 'Mei Chen' }, link: '/app/team/join' }])
    expect(await subjectsTo(existing.email)).toHaveLength(1)
    expect(await noticesOf(owner.user.id)).toEqual([])
  })

  it('tells every member of the company about the verification decision; owners and admins get one mail', async () => {
    const owner = await createMember({ role: 'owner', companyInput: { name: 'Verified Lamps', kind: 'supplier' } })
    const member = await createUser()
    await addMember(owner.company.id, member.id, 'member')
    const applicationId = randomUUID()
    await database()
      .insert(supplierApplications)
      .values({ id: applicationId, organizationId: owner.company.id, supplierType: 'manufacturer', documentFileIds: [] })
    const admin = await createUser({ role: 'admin' })
    const reviewer: ServiceContext = {
      ...contextOf(admin.id, owner.company.id),
      actor: { ...contextOf(admin.id, owner.company.id).actor, companyId: null, memberRole: null, platformRole: 'admin' },
    }
    await decideApplication(reviewer, applicationId, { decision: 'reject', note: 'The licence is unreadable.' })
    for (const userId of [owner.user.id, member.id]) {
      expect(await noticesOf(userId)).toEqual([
        { kind: 'verification.rejected', params: { company: 'Verified Lamps', note: 'The licence is unreadable.' }, link: '/app/supplier/onboarding' },
      ])
    }
    expect(await subjectsTo(owner.user.email)).toHaveLength(1)
    expect(await subjectsTo(member.email)).toEqual([])
  })
})

describe('fan-out', () => {
  it('brings an order transition to every member of the other company but the actor, in the app and by mail per settings', async () => {
    const parties = await createOrderParties()
    const buyerColleague = await createUser()
    const buyerQuiet = await createUser()
    await addMember(parties.buyer.company.id, buyerColleague.id, 'member')
    await addMember(parties.buyer.company.id, buyerQuiet.id, 'member')
    // The supplier's owner also belongs to the buyer: as the actor, they hear nothing of their own step.
    await addMember(parties.buyer.company.id, parties.supplier.user.id, 'member')
    await updateNotificationSettings(contextOf(buyerQuiet.id, parties.buyer.company.id), { mail: { purchase_order: false } })
    const placed = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
    await transitionPurchaseOrder(parties.supplier.ctx, placed.id, { action: 'confirm', version: placed.version, reason: '' })

    const confirmedFor = async (userId: string) => (await noticesOf(userId)).filter((row) => row.kind === 'purchase_order.confirm')
    for (const userId of [parties.buyer.user.id, buyerColleague.id, buyerQuiet.id]) expect(await confirmedFor(userId)).toHaveLength(1)
    expect(await confirmedFor(parties.supplier.user.id)).toEqual([])
    const subject = `Order ${placed.number} confirmed`
    expect(await subjectsTo(parties.buyer.user.email)).toContain(subject)
    expect(await subjectsTo(buyerColleague.email)).toEqual([subject])
    expect(await subjectsTo(buyerQuiet.email)).toEqual([])
    expect(await subjectsTo(parties.supplier.user.email)).not.toContain(subject)
  })
})
