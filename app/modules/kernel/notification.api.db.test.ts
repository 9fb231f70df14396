import { NOTIFICATION_GROUPS } from './notification.inputs'
import { beforeAll, describe, expect, it } from 'vitest'
import { recordNotice } from '../companies/index.server'
import { database } from '../../platform/db/index.server'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let alice: CookieJar
let bob: CookieJar

type Item = { id: string; kind: string; title: string; body: string; link: string; read: boolean; created_at: string }
type Page = { items: Item[]; total: number; unread: number; limit: number; offset: number }

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Notice Co', kind: 'supplier' } })
  const bobUser = await createUser()
  await addMember(a.company.id, bobUser.id, 'member')
  alice = await signInWithCookies(app, a.user)
  bob = await signInWithCookies(app, bobUser)
  // Three notices for Alice; Bob (who caused them) hears of none.
  for (const number of ['PO-2026-00001', 'PO-2026-00002', 'PO-2026-00003']) {
    await recordNotice(database(), {
      companyId: a.company.id,
      exceptUserId: bobUser.id,
      kind: 'purchase_order.place',
      params: { number, company: 'Buyer Ltd', total: '10.00 USD' },
      link: '/app/supplier/purchase/order/x',
    })
  }
})

const list = async (jar: CookieJar, query = '', language = 'en') =>
  (await call(app, `/api/v1/notifications${query}`, { jar, headers: { 'accept-language': language } })).json as unknown as Page

describe('/api/v1/notifications', () => {
  it('lists only the caller’s own notifications, newest first, rendered in the caller’s language', async () => {
    const page = await list(alice)
    expect(page).toMatchObject({ total: 3, unread: 3, limit: 20, offset: 0 })
    expect(page.items[0]).toMatchObject({ kind: 'purchase_order.place', read: false, link: '/app/supplier/purchase/order/x' })
    expect(page.items[0]!.title).toContain('PO-2026-0000')
    expect(page.items[0]!.title).not.toContain('kinds.')
    expect((await list(alice, '?limit=1&offset=1')).items).toHaveLength(1)
    const chinese = await list(alice, '', 'zh-Hans')
    expect(chinese.items[0]!.title).not.toBe(page.items[0]!.title)
    expect(await list(bob)).toMatchObject({ items: [], total: 0, unread: 0 })
    expect((await call(app, '/api/v1/notifications')).status).toBe(401)
  })

  it('marks some or all as read, and never someone else’s', async () => {
    const [first] = (await list(alice)).items
    expect((await call(app, '/api/v1/notifications/read', { body: { ids: [first!.id] }, jar: bob })).json).toEqual({ marked: 0 })
    expect((await call(app, '/api/v1/notifications/read', { body: { ids: [first!.id] }, jar: alice })).json).toEqual({ marked: 1 })
    const unread = await list(alice, '?unread=true')
    expect(unread).toMatchObject({ total: 2, unread: 2 })
    expect(unread.items.map((item) => item.id)).not.toContain(first!.id)
    expect((await call(app, '/api/v1/notifications/read', { body: {}, jar: alice })).json).toEqual({ marked: 2 })
    expect(await list(alice)).toMatchObject({ total: 3, unread: 0 })
    expect((await call(app, '/api/v1/notifications/read', { body: { ids: 'all' }, jar: alice })).status).toBe(422)
    expect((await call(app, '/api/v1/notifications/read', { body: {} })).status).toBe(401)
  })
})

describe('/api/v1/notification-settings', () => {
  const allOn = Object.fromEntries(NOTIFICATION_GROUPS.map((group) => [group, true]))

  it('reads and changes only the caller’s own settings: every group mailed until turned off', async () => {
    expect((await call(app, '/api/v1/notification-settings', { jar: alice })).json).toEqual({ mail: allOn })
    const changed = await call(app, '/api/v1/notification-settings', { method: 'PUT', body: { mail: { rfq: false, message: false } }, jar: alice })
    expect(changed.status).toBe(200)
    expect(changed.json).toEqual({ mail: { ...allOn, rfq: false, message: false } })
    // Groups not named keep their setting; turning one back on leaves the other off.
    await call(app, '/api/v1/notification-settings', { method: 'PUT', body: { mail: { message: true } }, jar: alice })
    expect((await call(app, '/api/v1/notification-settings', { jar: alice })).json).toEqual({ mail: { ...allOn, rfq: false } })
    expect((await call(app, '/api/v1/notification-settings', { jar: bob })).json).toEqual({ mail: allOn })
  })

  it('answers 422 with field messages for an unknown group or a value that is not true or false, and 401 without a session', async () => {
    const unknown = await call(app, '/api/v1/notification-settings', { method: 'PUT', body: { mail: { newsletter: false } }, jar: bob })
    expect(unknown.status).toBe(422)
    expect(JSON.stringify(unknown.json)).toContain('mail.newsletter')
    expect(JSON.stringify(unknown.json)).toContain('This group of notices does not exist.')
    expect((await call(app, '/api/v1/notification-settings', { method: 'PUT', body: { mail: { rfq: 'no' } }, jar: bob })).status).toBe(422)
    expect((await call(app, '/api/v1/notification-settings', { method: 'PUT', body: {}, jar: bob })).status).toBe(422)
    expect((await call(app, '/api/v1/notification-settings', { jar: bob })).json).toEqual({ mail: allOn })
    expect((await call(app, '/api/v1/notification-settings')).status).toBe(401)
    expect((await call(app, '/api/v1/notification-settings', { method: 'PUT', body: { mail: { rfq: false } } })).status).toBe(401)
  })
})
