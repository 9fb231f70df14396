import { describe, expect, it } from 'vitest'
import type { PublicSupplierProfile } from './supplier-directory.service.server'
import { supplierProfileJsonLd } from './supplier-json-ld'

const profile = {
  id: 'kiln',
  name: 'Bamboo Kiln Ceramics',
  logoUrl: '/api/v1/files/logo-1/content',
  description: 'Porcelain since 1998.',
  website: 'https://kiln.example',
  country: 'CN',
  city: 'Jingdezhen',
  yearFounded: 1998,
} as PublicSupplierProfile
const urls = { origin: 'https://tradeport.example', profile: 'https://tradeport.example/en/b2b/company/kiln' }

describe('supplierProfileJsonLd', () => {
  it('describes the supplier as a schema.org Organization with absolute URLs', () => {
    expect(supplierProfileJsonLd(profile, urls)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Bamboo Kiln Ceramics',
      url: urls.profile,
      logo: 'https://tradeport.example/api/v1/files/logo-1/content',
      description: 'Porcelain since 1998.',
      sameAs: ['https://kiln.example'],
      foundingDate: '1998',
      address: { '@type': 'PostalAddress', addressCountry: 'CN', addressLocality: 'Jingdezhen' },
    })
  })

  it('leaves out what the supplier has not filled in', () => {
    const bare = supplierProfileJsonLd({ ...profile, logoUrl: null, description: '', website: null, city: '', yearFounded: null }, urls)
    expect(Object.keys(bare).sort()).toEqual(['@context', '@type', 'address', 'name', 'url'])
    expect(bare.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'CN' })
  })
})
