import { describe, expect, it } from 'vitest'
import type { Actor, MemberRole } from '../../platform/actor'
import {
  canDeleteMessage,
  canEditMessage,
  canManageChannel,
  canPostConversation,
  canReadConversation,
  counterpartOf,
  excerptOf,
  likePattern,
  threadKeys,
  type ConversationAccessFacts,
} from './messaging.policy'

const actor = (companyId: string | null, memberRole: MemberRole | null = 'member', platformRole: 'admin' | 'user' = 'user'): Actor => ({
  userId: 'u1',
  sessionId: 's',
  companyId,
  memberRole,
  platformRole,
  companyKind: null,
  contactVerified: true,
  aal: 'aal1',
})
const thread: ConversationAccessFacts = { kind: 'rfq', organizationId: 'buyer', counterpartOrganizationId: 'supplier', visibility: 'public', archivedAt: null }
const publicChannel: ConversationAccessFacts = {
  kind: 'channel',
  organizationId: 'acme',
  counterpartOrganizationId: null,
  visibility: 'public',
  archivedAt: null,
}
const privateChannel: ConversationAccessFacts = { ...publicChannel, visibility: 'private' }

describe('messaging policy', () => {
  it('lets both companies of a thread take part, and nobody else (not even platform admins)', () => {
    expect(canReadConversation(actor('buyer'), thread, null)).toBe(true)
    expect(canReadConversation(actor('supplier'), thread, null)).toBe(true)
    expect(canReadConversation(actor('stranger'), thread, null)).toBe(false)
    expect(canReadConversation(actor('stranger', 'owner', 'admin'), thread, null)).toBe(false)
    expect(canReadConversation(actor(null, null), thread, null)).toBe(false)
  })

  it('opens public channels to the company and private ones to listed members only', () => {
    expect(canReadConversation(actor('acme'), publicChannel, null)).toBe(true)
    expect(canReadConversation(actor('other'), publicChannel, null)).toBe(false)
    expect(canReadConversation(actor('acme', 'owner'), privateChannel, null)).toBe(false)
    expect(canReadConversation(actor('acme'), privateChannel, { role: 'member' })).toBe(true)
  })

  it('keeps archived conversations readable but closed for posting', () => {
    const archived = { ...thread, archivedAt: new Date() }
    expect(canReadConversation(actor('buyer'), archived, null)).toBe(true)
    expect(canPostConversation(actor('buyer'), archived, null)).toBe(false)
    expect(canPostConversation(actor('buyer'), thread, null)).toBe(true)
  })

  it('lets the channel owner or a company admin manage a channel, never a thread', () => {
    expect(canManageChannel(actor('acme'), publicChannel, { role: 'owner' })).toBe(true)
    expect(canManageChannel(actor('acme', 'admin'), publicChannel, null)).toBe(true)
    expect(canManageChannel(actor('acme'), publicChannel, { role: 'member' })).toBe(false)
    expect(canManageChannel(actor('acme', 'admin'), privateChannel, null)).toBe(false)
    expect(canManageChannel(actor('buyer', 'owner'), thread, null)).toBe(false)
  })

  it('lets authors edit and authors or channel managers delete', () => {
    expect(canEditMessage(actor('acme'), { authorId: 'u1' })).toBe(true)
    expect(canEditMessage(actor('acme'), { authorId: 'u2' })).toBe(false)
    expect(canEditMessage(actor('acme'), { authorId: null })).toBe(false)
    expect(canDeleteMessage(actor('acme', 'admin'), { authorId: 'u2' }, publicChannel, null)).toBe(true)
    expect(canDeleteMessage(actor('buyer', 'owner'), { authorId: 'u2' }, thread, null)).toBe(false)
  })

  it('names the other side of a thread and builds stable thread keys', () => {
    expect(counterpartOf(thread, 'buyer')).toBe('supplier')
    expect(counterpartOf(thread, 'supplier')).toBe('buyer')
    expect(counterpartOf(publicChannel, 'acme')).toBeNull()
    expect(threadKeys.direct('b', 'a')).toBe('direct:a:b')
    expect(threadKeys.direct('a', 'b')).toBe('direct:a:b')
    expect(threadKeys.rfq('r1', 's1')).toBe('rfq:r1:s1')
  })

  it('makes excerpts of at most 140 characters and escapes LIKE wildcards', () => {
    expect(excerptOf('  hello\n  world ')).toBe('hello world')
    const long = excerptOf('x'.repeat(300))
    expect([...long]).toHaveLength(140)
    expect(long.endsWith('…')).toBe(true)
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
