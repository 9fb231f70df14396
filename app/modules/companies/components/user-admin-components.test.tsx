import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../../platform/i18n/catalog.server'
import type { Locale } from '../../../platform/i18n/locales'
import { I18nProvider } from '../../../platform/i18n/react'
import { PreferencesProvider } from '../../identity/index'
import { UserAdminDetail, type UserAdminDetailView } from './user-admin-detail'
import { UserAdminEmpty, UserAdminFilters, UserAdminTable } from './user-admin-table'

/** Renders on the server as SSR does, inside a router, in the given locale. */
function render(node: ReactNode, locale: Locale = 'en'): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  const { common, ui, admin } = CATALOGS[locale]
  return renderToString(
    <I18nProvider locale={locale} resources={{ common, ui, admin }}>
      <PreferencesProvider>
        <Stub />
      </PreferencesProvider>
    </I18nProvider>,
  )
}

const detail: UserAdminDetailView = {
  user: {
    id: 'u1',
    name: 'Wu Meiling',
    email: null,
    phoneNumber: '+8613800001111',
    emailVerified: false,
    phoneNumberVerified: true,
    twoFactorEnabled: true,
    role: 'user',
    status: 'banned',
    banReason: 'Fake listings',
    banExpires: null,
    createdAt: '2025-01-02T03:04:05.000Z',
  },
  companies: [{ id: 'c1', name: 'Lantern Co', role: 'owner', verificationStatus: 'accept', deleted: true }],
  audit: [
    {
      id: 'a1',
      action: 'user.banned',
      before: { banned: false },
      after: { banned: true, banReason: 'Fake listings', banExpires: null },
      createdAt: '2025-02-01T00:00:00.000Z',
      actorName: null,
    },
    {
      id: 'a2',
      action: 'user.role_changed',
      before: { role: 'admin' },
      after: { role: 'user' },
      createdAt: '2025-01-31T00:00:00.000Z',
      actorName: 'Platform Admin',
    },
  ],
}

describe('user administration components', () => {
  it('render the list with role and status badges, banned in the reject tone', () => {
    const html = render(
      <UserAdminTable
        rows={[
          {
            id: 'u1',
            name: 'Wu Meiling',
            email: null,
            phoneNumber: '+8613800001111',
            role: 'admin',
            status: 'banned',
            companyCount: 2,
            createdAt: '2025-01-02T03:04:05.000Z',
          },
        ]}
        selectedId="u1"
        detailHref={(id) => `/en/app/users?user=${id}`}
      />,
    )
    expect(html).toContain('href="/en/app/users?user=u1"')
    expect(html).toContain('aria-current="true"')
    expect(html).toContain('Platform admin')
    expect(html).toMatch(/status-reject[^>]*>Banned</)
    expect(html).toContain('+8613800001111')
  })

  it('label every search control and offer to clear active filters', () => {
    const html = render(<UserAdminFilters filters={{ q: 'wu', status: 'banned' }} clearHref="/en/app/users" />, 'zh-Hans')
    expect(html).toContain('role="search"')
    expect(html).toContain('value="wu"')
    expect(html).toContain('清除筛选')
    for (const id of html.matchAll(/<(?:input|select)[^>]*\bid="([^"]+)"/g)) expect(html).toContain(`for="${id[1]}"`)
  })

  it('show the detail panel with companies, translated audit entries and the unban action', () => {
    const html = render(<UserAdminDetail detail={detail} isSelf={false} closeHref="/en/app/users" />, 'zh-Hant')
    expect(html).toContain('Wu Meiling')
    expect(html).toContain('已刪除')
    expect(html).toContain('直至解除停權')
    expect(html).toContain('停權直至解除：Fake listings')
    expect(html).toContain('平台角色由平台管理員改為一般使用者')
    expect(html).toContain('已刪除的使用者')
    expect(html).toContain('解除停權')
    expect(html).toContain('aria-label="關閉使用者詳情"')
  })

  it('explain instead of offering actions on your own account or banning an admin', () => {
    expect(render(<UserAdminDetail detail={{ ...detail, user: { ...detail.user, status: 'active' } }} isSelf closeHref="/en/app/users" />)).toContain(
      'This is your own account.',
    )
    const admin = render(
      <UserAdminDetail detail={{ ...detail, user: { ...detail.user, status: 'active', role: 'admin' } }} isSelf={false} closeHref="/en/app/users" />,
    )
    expect(admin).toContain('Platform admins cannot be banned.')
    expect(admin).not.toContain('Ban user')
  })

  it('tell an empty platform from an empty search', () => {
    expect(render(<UserAdminEmpty filtered={false} clearHref="/en/app/users" />)).toContain('No users yet')
    const filtered = render(<UserAdminEmpty filtered clearHref="/en/app/users" />)
    expect(filtered).toContain('No users match')
    expect(filtered).toContain('href="/en/app/users"')
  })
})
