import { beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTesting } from '../../platform/env.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../platform/rate-limit.server'
import { addMember, createMember } from '../../../db/factories/companies'
import { createSourcingCast, insertRfq } from '../../../tests/factories/sourcing'
import { createUser } from '../../../db/factories/users'
import { exeBytes, imageBytes } from '../../../tests/support/file-fixtures'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { testEnv, TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
type Json = Record<string, unknown>

beforeAll(() => {
  app = testApp()
})

async function signedIn(companyInput: { name?: string } = {}) {
  const member = await createMember({ companyInput })
  return { ...member, jar: await signInWithCookies(app, member.user) }
}

async function upload(jar: CookieJar, bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.set('file', new File([new Uint8Array(bytes)], name))
  form.set('purpose', 'attachment')
  const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() },
    body: form,
  })
  return { status: response.status, json: (await response.json()) as Json }
}

async function directThread() {
  const a = await signedIn({ name: 'Api Alpha' })
  const b = await signedIn({ name: 'Api Beta' })
  const opened = await call(app, '/api/v1/conversations', { jar: a.jar, body: { kind: 'direct', company_id: b.company.id } })
  expect(opened.status).toBe(200)
  return { a, b, id: String(opened.json.id) }
}

describe('/api/v1/conversations', () => {
  it('opens a thread, posts and lists messages in snake_case, and shows the inbox with unread counts', async () => {
    const { a, b, id } = await directThread()
    const detail = await call(app, `/api/v1/conversations/${id}`, { jar: b.jar })
    expect(detail.json).toMatchObject({
      id,
      kind: 'direct',
      title: 'Api Alpha',
      counterpart: { id: a.company.id, name: 'Api Alpha' },
      can_post: true,
      can_manage: false,
      last_read_seq: 0,
    })
    const sent = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'Hello Beta', client_id: 'c-1' } })
    expect(sent.status).toBe(201)
    expect(sent.json).toMatchObject({
      conversation_id: id,
      body: 'Hello Beta',
      client_id: 'c-1',
      author: { id: a.user.id, company_id: a.company.id, company_name: 'Api Alpha' },
      reactions: [],
      deleted_at: null,
    })
    const retried = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'Hello Beta', client_id: 'c-1' } })
    expect(retried.json.id).toBe(sent.json.id)

    const inbox = await call(app, '/api/v1/conversations', { jar: b.jar })
    expect(inbox.json).toMatchObject({
      total: 1,
      unread_conversations: 1,
      items: [{ id, unread: 1, last_message: { excerpt: 'Hello Beta', author_name: a.user.name } }],
    })
    expect((await call(app, '/api/v1/conversations/unread', { jar: b.jar })).json).toEqual({ conversations: 1, messages: 1 })
    const read = await call(app, `/api/v1/conversations/${id}/read`, { jar: b.jar, body: { seq: sent.json.seq } })
    expect(read).toMatchObject({ status: 200, json: { unread: 0 } })
    expect((await call(app, '/api/v1/conversations?unread=true', { jar: b.jar })).json).toMatchObject({ total: 0, items: [] })

    const page = await call(app, `/api/v1/conversations/${id}/messages?after=0`, { jar: b.jar })
    expect(page.json).toMatchObject({ has_more: false, items: [{ id: sent.json.id }] })
  })

  it('answers 404 to other companies and 422 with translated field messages', async () => {
    const { id, a } = await directThread()
    const stranger = await signedIn()
    expect((await call(app, `/api/v1/conversations/${id}`, { jar: stranger.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/conversations/${id}/messages`, { jar: stranger.jar, body: { body: 'hi' } })).status).toBe(404)
    const tooLong = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'x'.repeat(4001) } })
    expect(tooLong).toMatchObject({
      status: 422,
      json: { code: 'validation_failed', details: { fields: { body: ['A message can have at most 4,000 characters.'] } } },
    })
    const tooMany = await call(app, `/api/v1/conversations/${id}/messages`, {
      jar: a.jar,
      body: { body: 'x', attachment_file_ids: ['1', '2', '3', '4', '5', '6'] },
      headers: { 'accept-language': 'zh-Hans' },
    })
    expect(tooMany).toMatchObject({
      status: 422,
      json: { details: { fields: { attachment_file_ids: ['最多附加 5 个文件，且须为贵公司作为附件上传的文件。'] } } },
    })
    const mention = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'x', mentions: [stranger.user.id] } })
    expect(mention).toMatchObject({ status: 422, json: { details: { fields: { mentions: [expect.any(String)] } } } })
    const badKind = await call(app, '/api/v1/conversations', { jar: a.jar, body: { kind: 'teleport' } })
    expect(badKind.status).toBe(422)
  })

  it('opens RFQ threads for the invited supplier and refuses an uninvited one', async () => {
    const cast = await createSourcingCast()
    const invited = cast.suppliers[0]!
    const uninvited = cast.suppliers[1]!
    const rfq = await insertRfq(cast.buyer.company.id, { supplierIds: [invited.company.id] })
    const buyerJar = await signInWithCookies(app, cast.buyer.user)
    const invitedJar = await signInWithCookies(app, invited.user)
    const uninvitedJar = await signInWithCookies(app, uninvited.user)
    const byBuyer = await call(app, '/api/v1/conversations', { jar: buyerJar, body: { kind: 'rfq', rfq_id: rfq.id, supplier_company_id: invited.company.id } })
    expect(byBuyer.json).toMatchObject({ kind: 'rfq', subject: { kind: 'rfq', id: rfq.id, link: `/app/sourcing/rfq/${rfq.id}` } })
    const bySupplier = await call(app, '/api/v1/conversations', { jar: invitedJar, body: { kind: 'rfq', rfq_id: rfq.id } })
    expect(bySupplier.json.id).toBe(byBuyer.json.id)
    expect((await call(app, '/api/v1/conversations', { jar: uninvitedJar, body: { kind: 'rfq', rfq_id: rfq.id } })).status).toBe(404)
    expect((await call(app, `/api/v1/conversations/${String(byBuyer.json.id)}`, { jar: uninvitedJar })).status).toBe(404)
    const missingSupplier = await call(app, '/api/v1/conversations', { jar: buyerJar, body: { kind: 'rfq', rfq_id: rfq.id } })
    expect(missingSupplier).toMatchObject({ status: 422, json: { details: { fields: { supplier_company_id: ['Choose a supplier invited to this RFQ.'] } } } })
  })

  it('attaches uploaded files for participants only; a disallowed type cannot even be uploaded', async () => {
    const { a, b, id } = await directThread()
    const refused = await upload(a.jar, exeBytes(), 'invoice.pdf')
    expect(refused.status).toBe(415)
    const png = await upload(a.jar, await imageBytes('png'), 'carton.png')
    expect(png.status).toBe(201)
    const fileId = String(png.json.id)
    const otherCompanyFile = await upload(b.jar, await imageBytes('png'), 'theirs.png')
    const foreign = await call(app, `/api/v1/conversations/${id}/messages`, {
      jar: a.jar,
      body: { body: 'see', attachment_file_ids: [String(otherCompanyFile.json.id)] },
    })
    expect(foreign.status).toBe(422)

    const sent = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { attachment_file_ids: [fileId] } })
    expect(sent.status).toBe(201)
    const url = `/api/v1/conversations/${id}/attachments/${fileId}`
    expect(sent.json.attachments).toEqual([{ id: fileId, name: 'carton.png', content_type: 'image/png', size_bytes: expect.any(Number), url }])
    const download = await app.request(`${TEST_PUBLIC_URL}/api${url.slice(4)}`, { headers: { cookie: b.jar.header() } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('image/png')
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    const stranger = await signedIn()
    expect((await call(app, url, { jar: stranger.jar })).status).toBe(404)
    // Once the message is deleted the file is no longer served through the conversation.
    await call(app, `/api/v1/messages/${String(sent.json.id)}`, { method: 'DELETE', jar: a.jar })
    expect((await call(app, url, { jar: b.jar })).status).toBe(404)
  })

  it('edits, reacts with URL-encoded emoji, deletes and searches', async () => {
    const { a, b, id } = await directThread()
    const sent = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'Shipment leaves Monday' } })
    const messageId = String(sent.json.id)
    expect((await call(app, `/api/v1/messages/${messageId}`, { method: 'PATCH', jar: b.jar, body: { body: 'no' } })).status).toBe(403)
    const edited = await call(app, `/api/v1/messages/${messageId}`, { method: 'PATCH', jar: a.jar, body: { body: 'Shipment leaves Tuesday' } })
    expect(edited.json).toMatchObject({ body: 'Shipment leaves Tuesday', edited_at: expect.any(String) })
    const reacted = await call(app, `/api/v1/messages/${messageId}/reactions/${encodeURIComponent('👍')}`, { method: 'PUT', jar: b.jar })
    expect(reacted.json.reactions).toEqual([{ emoji: '👍', user_ids: [b.user.id] }])
    expect((await call(app, `/api/v1/messages/${messageId}/reactions/${encodeURIComponent('👍')}`, { method: 'DELETE', jar: b.jar })).json.reactions).toEqual(
      [],
    )
    expect((await call(app, `/api/v1/messages/${messageId}/reactions/nope`, { method: 'PUT', jar: b.jar })).status).toBe(422)

    const hits = await call(app, '/api/v1/messages/search?q=tuesday', { jar: b.jar })
    expect(hits.json).toMatchObject({ total: 1, items: [{ id: messageId, conversation: { id, kind: 'direct', title: 'Api Alpha' } }] })
    const stranger = await signedIn()
    expect((await call(app, '/api/v1/messages/search?q=tuesday', { jar: stranger.jar })).json).toMatchObject({ total: 0 })
    expect((await call(app, '/api/v1/messages/search?q=t', { jar: b.jar })).status).toBe(422)

    expect((await call(app, `/api/v1/messages/${messageId}`, { method: 'DELETE', jar: b.jar })).status).toBe(403)
    const deleted = await call(app, `/api/v1/messages/${messageId}`, { method: 'DELETE', jar: a.jar })
    expect(deleted.json).toMatchObject({ id: messageId, body: '', attachments: [], deleted_at: expect.any(String) })
    expect((await call(app, '/api/v1/messages/search?q=tuesday', { jar: b.jar })).json).toMatchObject({ total: 0 })
  })

  it('answers 429 with Retry-After when a user floods a conversation', async () => {
    const { a, id } = await directThread()
    setEnvForTesting(testEnv({ MESSAGE_RATE_LIMIT_MAX: '2', MESSAGE_RATE_LIMIT_WINDOW_SECONDS: '30' }))
    useRateLimitStore(new MemoryRateLimitStore())
    try {
      for (const body of ['one', 'two']) expect((await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body } })).status).toBe(201)
      const limited = await call(app, `/api/v1/conversations/${id}/messages`, { jar: a.jar, body: { body: 'three' } })
      expect(limited).toMatchObject({ status: 429, json: { code: 'rate_limited' } })
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      setEnvForTesting(testEnv())
      useRateLimitStore(new MemoryRateLimitStore())
    }
  })
})

describe('/api/v1/channels', () => {
  it('creates, lists, renames, archives and manages members; private channels are 404 for non-members', async () => {
    const owner = await signedIn({ name: 'Channel Co' })
    const colleague = await createUser({ name: 'Colleague' })
    await addMember(owner.company.id, colleague.id, 'member')
    const colleagueJar = await signInWithCookies(app, colleague)

    const created = await call(app, '/api/v1/channels', { jar: colleagueJar, body: { name: 'Sourcing', topic: 'Suppliers', visibility: 'private' } })
    expect(created).toMatchObject({ status: 201, json: { kind: 'channel', title: 'Sourcing', visibility: 'private', can_manage: true, member_count: 1 } })
    const id = String(created.json.id)
    const duplicate = await call(app, '/api/v1/channels', { jar: owner.jar, body: { name: 'SOURCING' } })
    expect(duplicate).toMatchObject({ status: 422, json: { details: { fields: { name: ['Your company already has a channel with this name.'] } } } })

    expect((await call(app, `/api/v1/conversations/${id}`, { jar: owner.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/channels/${id}/join`, { method: 'POST', jar: owner.jar })).status).toBe(404)
    expect((await call(app, '/api/v1/channels', { jar: owner.jar })).json).toMatchObject({ total: 0 })

    const added = await call(app, `/api/v1/channels/${id}/members`, { jar: colleagueJar, body: { user_ids: [owner.user.id] } })
    expect(added.json).toMatchObject({ member_count: 2 })
    expect((await call(app, '/api/v1/channels', { jar: owner.jar })).json).toMatchObject({ total: 1, items: [{ id, is_member: true }] })
    const renamed = await call(app, `/api/v1/channels/${id}`, {
      method: 'PATCH',
      jar: owner.jar,
      body: { name: 'Sourcing desk', topic: 'All suppliers', visibility: 'public' },
    })
    expect(renamed.json).toMatchObject({ title: 'Sourcing desk', topic: 'All suppliers', visibility: 'public' })
    const archived = await call(app, `/api/v1/channels/${id}`, { method: 'PATCH', jar: owner.jar, body: { archived: true } })
    expect(archived.json).toMatchObject({ archived: true, can_post: false })
    expect((await call(app, `/api/v1/conversations/${id}/messages`, { jar: owner.jar, body: { body: 'hi' } })).status).toBe(409)

    const removed = await call(app, `/api/v1/channels/${id}/members/${colleague.id}`, { method: 'DELETE', jar: owner.jar })
    expect(removed.json).toMatchObject({ member_count: 1 })
    expect((await call(app, `/api/v1/channels/${id}/leave`, { method: 'POST', jar: owner.jar })).status).toBe(204)
    const rejoined = await call(app, `/api/v1/channels/${id}/join`, { method: 'POST', jar: colleagueJar })
    expect(rejoined.json).toMatchObject({ is_member: true, member_count: 1 })
    const stranger = await signedIn()
    expect((await call(app, `/api/v1/channels/${id}`, { method: 'PATCH', jar: stranger.jar, body: { topic: 'x' } })).status).toBe(404)
  })
})
