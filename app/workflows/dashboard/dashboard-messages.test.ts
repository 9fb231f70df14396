import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { dashboardMessages } from './dashboard-messages.server'

const none = { buyer: null, supplier: null, platform: null, shipments: null }
const figures = {} as never

describe('dashboardMessages', () => {
  it('leaves out the sections a buyer has no figures for, and keeps the rest whole', () => {
    const cut = dashboardMessages('zh-Hans', { ...none, buyer: figures, shipments: figures })
    expect(Object.keys(cut).sort()).toEqual(
      Object.keys(CATALOGS['zh-Hans'].dashboard)
        .filter((group) => group !== 'supplier' && group !== 'platform')
        .sort(),
    )
    expect(cut.buyer).toBe(CATALOGS['zh-Hans'].dashboard.buyer)
    expect(cut.tasks).toBe(CATALOGS['zh-Hans'].dashboard.tasks)
  })

  it('sends every section to a dashboard that shows them all, and reuses each cut', () => {
    const all = { buyer: figures, supplier: figures, platform: figures, shipments: figures }
    expect(Object.keys(dashboardMessages('en', all)).sort()).toEqual(Object.keys(CATALOGS.en.dashboard).sort())
    expect(dashboardMessages('en', { ...none, supplier: figures })).toBe(dashboardMessages('en', { ...none, supplier: figures }))
    expect(dashboardMessages('en', { ...none, supplier: figures })).not.toHaveProperty('buyer')
  })
})
