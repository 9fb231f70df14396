import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../../platform/i18n/catalog.server'
import type { Locale } from '../../../platform/i18n/locales'
import { I18nProvider } from '../../../platform/i18n/react'
import { PreferencesProvider } from '../../identity/index'
import { InvitationInviteDialog } from './invitation-invite-dialog'
import { InvitationStatusFilter, InvitationTable, type InvitationView } from './invitation-table'
import { MemberDirectory, type DirectoryMember } from './member-directory'
import { MemberManagementTable, type ManagedMemberView } from './member-management-table'

/** Renders on the server as SSR does, inside a router, in the given locale. */
function render(node: ReactNode, locale: Locale = 'en'): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  const { common, ui, team } = CATALOGS[locale]
  return renderToString(
    <I18nProvider locale={locale} resources={{ common, ui, team }}>
      <PreferencesProvider>
        <Stub />
      </PreferencesProvider>
    </I18nProvider>,
  )
}

const directory: DirectoryMember[] = [
  { id: 'm1', userId: 'u1', name: 'Wang Fang', email: 'wang@example.test', role: 'owner', joinedAt: '2025-05-01T08:00:00.000Z' },
  { id: 'm2', userId: 'u2', name: 'Li Lei', email: null, role: 'member', joinedAt: '2025-06-01T08:00:00.000Z' },
]

const managed: ManagedMemberView[] = [
  { ...directory[0]!, assignableRoles: [], removable: false, canReceiveOwnership: false, self: true },
  { ...directory[1]!, assignableRoles: ['owner', 'admin', 'member'], removable: true, canReceiveOwnership: true, self: false },
]

const invitation = (overrides: Partial<InvitationView>): InvitationView => ({
  id: 'i1',
  email: 'invitee@example.test',
  role: 'member',
  status: 'pending',
  inviterName: 'Wang Fang',
  expiresAt: '2026-03-08T08:00:00.000Z',
  lastSentAt: '2026-03-01T08:00:00.000Z',
  respondedAt: null,
  sendCount: 1,
  canResend: true,
  ...overrides,
})

describe('team components rendered on the server', () => {
  it('lists members with role badges, marks the viewer and phone-only accounts', () => {
    const html = render(<MemberDirectory members={directory} currentUserId="u1" label="Members of Lantern" />)
    expect(html).toContain('Wang Fang')
    expect(html).toContain('(you)')
    expect(html).toContain('No email (signs in by phone)')
    expect(html).toContain('Owner')
    expect(html).toMatch(/<caption[^>]*>Members of Lantern<\/caption>/)
  })

  it('offers role selects, removal and transfer only where allowed, with the last owner locked and explained', () => {
    const html = render(<MemberManagementTable members={managed} ownerCount={1} label="Members" />)
    expect(html).toContain('The only owner: make someone else an owner first.')
    expect(html).toMatch(/<select[^>]*disabled=""/)
    expect(html).toContain('aria-label="Remove Li Lei"')
    expect(html).toContain('aria-label="Make owner: Li Lei"')
    expect(html).not.toContain('aria-label="Remove Wang Fang"')
    expect(html).toContain('name="intent" value="change-role"')
  })

  it('shows invitation statuses, dates and the send limit, with resend and revoke only for open invitations', () => {
    const html = render(
      <InvitationTable
        manage
        label="Invitations"
        emptyTitle="none"
        invitations={[
          invitation({}),
          invitation({ id: 'i2', status: 'expired', sendCount: 5, canResend: false }),
          invitation({ id: 'i3', status: 'accepted', respondedAt: '2026-03-02T08:00:00.000Z' }),
        ]}
      />,
    )
    expect(html).toContain('Pending')
    expect(html).toContain('Expired')
    expect(html).toContain('Accepted')
    expect(html).toContain('Sent 5 times, the most allowed.')
    expect(html.match(/aria-label="Revoke the invitation to invitee@example.test"/g)).toHaveLength(2)
  })

  it('shows an empty state instead of an empty table', () => {
    const html = render(<InvitationTable label="Invitations" emptyTitle="No pending invitations" invitations={[]} />)
    expect(html).toContain('No pending invitations')
    expect(html).not.toContain('<table')
  })

  it('speaks the page language', () => {
    const html = render(
      <>
        <InvitationStatusFilter status="revoked" />
        <InvitationInviteDialog />
        <InvitationTable label="邀请" emptyTitle="无" invitations={[invitation({ status: 'declined', respondedAt: '2026-03-02T08:00:00.000Z' })]} />
      </>,
      'zh-Hans',
    )
    expect(html).toContain('全部状态')
    expect(html).toContain('邀请同事')
    expect(html).toContain('已拒绝')
    expect(html).toContain('value="revoked" selected=""')
  })
})
