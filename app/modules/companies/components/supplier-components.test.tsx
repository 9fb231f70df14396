import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../../platform/i18n/catalog.server'
import type { Locale } from '../../../platform/i18n/locales'
import { I18nProvider } from '../../../platform/i18n/react'
import { PreferencesProvider } from '../../identity/index'
import { SupplierApplicationForm } from './supplier-application-form'
import { SupplierApplicationHistory } from './supplier-application-history'
import { SupplierMarketsField } from './supplier-markets-field'
import { SupplierTypeCards } from './supplier-type-cards'
import { VerificationStatusBadge } from './verification-status-badge'
import { VerifiedBadge } from './verified-badge'

/** Renders on the server as SSR does (before hydration: no JavaScript yet), inside a router. */
function render(node: ReactNode, locale: Locale = 'en'): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  const { common, ui, suppliers, companies, identity } = CATALOGS[locale]
  return renderToString(
    <I18nProvider locale={locale} resources={{ common, ui, suppliers, companies, identity }}>
      <PreferencesProvider>
        <Stub />
      </PreferencesProvider>
    </I18nProvider>,
  )
}

describe('supplier components rendered on the server', () => {
  it('shows the verified badge only for an accepted verification', () => {
    expect(render(<VerifiedBadge status="accept" />)).toContain('Verified supplier')
    expect(render(<VerifiedBadge status="pending" />)).not.toContain('Verified supplier')
    expect(render(<VerifiedBadge compact />, 'zh-Hans')).toContain('认证供应商')
  })

  it('colours the verification status with the review tones', () => {
    expect(render(<VerificationStatusBadge status="pending" />)).toMatch(/status-pending[^>]*>Verification pending/)
    expect(render(<VerificationStatusBadge status="reject" />, 'zh-Hant')).toContain('認證未通過')
    expect(render(<VerificationStatusBadge status="unverified" />)).toContain('Not verified')
  })

  it('offers the seven supplier types as native radios with descriptions', () => {
    const html = render(<SupplierTypeCards legend="Type" defaultValue="customs_broker" errors={['Choose one']} />)
    expect(html.match(/type="radio"/g)).toHaveLength(7)
    expect(html).toMatch(/<input(?=[^>]*value="customs_broker")(?=[^>]*checked)[^>]*>/)
    expect(html).toContain('Customs declarations')
    expect(html).toContain('role="alert"')
  })

  it('lets markets be typed as codes until JavaScript runs', () => {
    const html = render(<SupplierMarketsField name="exportMarkets" label="Export markets" locale="en" defaultValue={['US', 'DE']} />)
    expect(html).toContain('name="exportMarkets"')
    expect(html).toContain('value="US, DE"')
  })

  it('shows every step of the application at once without JavaScript, with a submit button', () => {
    const html = render(
      <SupplierApplicationForm locale="en" account={null} currentCompany={null} documentMaxBytes={10_000_000} failure={undefined} submitting={false} />,
    )
    for (const name of ['name', 'identifier', 'password', 'legalName', 'supplierType', 'capabilities', 'exportMarkets', 'documents', 'message'])
      expect(html).toContain(`name="${name}"`)
    expect(html).toMatch(/enctype="multipart\/form-data"/i)
    expect(html).toContain('Submit application')
    expect(html).not.toContain('hidden=""')
  })

  it('skips the account step for a signed-in person and offers their current company', () => {
    const html = render(
      <SupplierApplicationForm
        locale="en"
        account={{ name: 'Mei', email: 'mei@example.test' }}
        currentCompany={{ name: 'Mei Lamps', canApply: true }}
        documentMaxBytes={10_000_000}
        failure={undefined}
        submitting={false}
      />,
    )
    expect(html).not.toContain('name="password"')
    expect(html).toContain('Signed in as Mei (mei@example.test)')
    expect(html).toContain('Apply for my current company, Mei Lamps')
  })

  it('lists earlier applications with the reviewer’s note', () => {
    const html = render(
      <SupplierApplicationHistory
        headingId="h"
        items={[
          {
            id: 'a1',
            status: 'reject',
            supplierType: 'wholesaler',
            submittedAt: '2025-05-01T08:00:00.000Z',
            reviewedAt: '2025-05-02T08:00:00.000Z',
            reviewNote: 'Blurry scan',
            reviewedByName: 'Ada',
          },
        ]}
      />,
    )
    expect(html).toContain('Rejected')
    expect(html).toContain('Blurry scan')
    expect(html).toContain('Wholesaler')
  })
})
