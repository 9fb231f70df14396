import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import uiEn from '../../../components/ui/messages/en.json'
import { I18nProvider } from '../../../platform/i18n/react'
import type { Address } from '../address.inputs'
import addressesEn from '../messages/addresses/en.json'
import { AddressCard } from './address-card'
import { AddressForm } from './address-form'
import { addressSummary } from './address-lines'
import { AddressSelect } from './address-select'

/** Server-renders inside a router, as SSR does, so window access during render would throw here. */
function render(node: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  return renderToString(
    <I18nProvider locale="en" resources={{ ui: uiEn, addresses: addressesEn }}>
      <Stub />
    </I18nProvider>,
  )
}

const address = (overrides: Partial<Address> = {}): Address => ({
  id: 'a1',
  type: 'shipping',
  label: 'Main dock',
  recipient: 'Li Wei',
  phone: '+86 755 1234',
  line1: '88 Keyuan Road',
  line2: '',
  city: 'Shenzhen',
  region: 'Guangdong',
  postalCode: '518057',
  country: 'CN',
  isDefault: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
})

const noop = () => {}

describe('address components', () => {
  it('summarises an address on one line with the country named in the reader’s language', () => {
    expect(addressSummary(address(), 'en')).toBe('88 Keyuan Road, Shenzhen, Guangdong 518057, China')
    expect(addressSummary(address(), 'zh-Hans')).toBe('88 Keyuan Road, Shenzhen, Guangdong 518057, 中国')
  })

  it('shows the default badge, the lines and the recipient on a card', () => {
    const html = render(<AddressCard address={address()} locale="en" />)
    expect(html).toContain('Default')
    expect(html).toContain('Guangdong 518057')
    expect(html).toContain('Li Wei')
    expect(render(<AddressCard address={address({ isDefault: false })} locale="en" />)).not.toContain('Default')
  })

  it('explains the postal code of the chosen country in the form', () => {
    expect(render(<AddressForm type="billing" defaultCountry="GB" locale="en" onCancel={noop} onSaved={noop} />)).toContain('For example SW1A 1AA.')
    const hongKong = render(<AddressForm type="billing" defaultCountry="HK" locale="en" onCancel={noop} onSaved={noop} />)
    expect(hongKong).toContain('Not used in Hong Kong')
    expect(hongKong).toMatch(/<input[^>]*disabled=""[^>]*name="postalCode"/)
    expect(render(<AddressForm address={address()} type="shipping" locale="en" onCancel={noop} onSaved={noop} />)).toContain('Edit Main dock')
  })

  it('preselects the default address of the type in the select, and links to the address book', () => {
    const addresses = [
      address({ id: 'a1', isDefault: false, label: 'Old dock' }),
      address({ id: 'a2', label: 'New dock' }),
      address({ id: 'b1', type: 'billing', label: 'Office' }),
    ]
    const html = render(<AddressSelect addresses={addresses} type="shipping" name="shipTo" label="Ship to" locale="en" />)
    expect(html).toMatch(/<option value="a2" selected="">New dock \(default\)/)
    expect(html).not.toContain('Office')
    expect(html).toContain('/en/app/settings/address')
    expect(render(<AddressSelect addresses={[]} type="warehouse" name="from" label="Ship from" locale="en" />)).toContain('No addresses of this type yet.')
  })
})
