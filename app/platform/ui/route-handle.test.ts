import { describe, expect, it } from 'vitest'
import { pageSettings } from './route-handle'

describe('route handles', () => {
  it('lets the deepest route that sets a value win', () => {
    expect(pageSettings([{ handle: { layout: 'default' } }, { handle: undefined }, { handle: { layout: 'none', colorMode: 'dark' } }])).toEqual({
      layout: 'none',
      colorMode: 'dark',
    })
    expect(pageSettings([{ handle: { colorMode: 'light' } }, { handle: { layout: 'anno' } }])).toEqual({ layout: 'anno', colorMode: 'light' })
    expect(pageSettings([])).toEqual({})
  })

  it('keeps a wide page wide whatever its parents say about layout or colour', () => {
    expect(pageSettings([{ handle: { layout: 'default' } }, { handle: { width: 'wide' } }])).toEqual({ layout: 'default', width: 'wide' })
    expect(pageSettings([{ handle: { colorMode: 'dark' } }, { handle: undefined }])).not.toHaveProperty('width')
  })
})
