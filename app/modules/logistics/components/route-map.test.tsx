import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { RoutePoint } from '../map-projection'
import { RouteMap, type RouteMapLabels } from './route-map'

const labels: RouteMapLabels = {
  title: 'Route of SH-2026-0012',
  description: 'From Shanghai to Rotterdam, last seen near Singapore',
  origin: 'Origin',
  destination: 'Destination',
  current: 'Last known position',
  empty: 'The route appears once its origin and destination are known',
}
const SHANGHAI: RoutePoint = { x: 780.8, y: 187.1, label: 'Shanghai, CN' }
const ROTTERDAM: RoutePoint = { x: 466.4, y: 123.3, label: 'Rotterdam, NL' }
const SINGAPORE: RoutePoint = { x: 744.5, y: 281.3, label: 'Near Singapore' }

const render = (points: Partial<Pick<Parameters<typeof RouteMap>[0], 'origin' | 'destination' | 'current'>>) =>
  renderToStaticMarkup(<RouteMap mapUrl="/maps/world-land.svg" origin={null} destination={null} current={null} labels={labels} {...points} />)

const legs = (html: string) => [...html.matchAll(/data-leg="(\w+)"/g)].map(([, leg]) => leg)

describe('<RouteMap>', () => {
  it('draws the land from the given URL in the 960 × 500 frame, named and described for assistive technology', () => {
    const html = render({ origin: SHANGHAI, destination: ROTTERDAM })
    expect(html).toContain('<svg viewBox="0 0 960 500" class="block h-auto w-full overflow-hidden" role="img" aria-label="Route of SH-2026-0012">')
    expect(html).toContain('<title>Route of SH-2026-0012</title><desc>From Shanghai to Rotterdam, last seen near Singapore</desc>')
    expect(html).toContain('<image href="/maps/world-land.svg" width="960" height="500"')
  })

  it('marks the origin with a ring and the destination filled, and draws one solid leg between them', () => {
    const html = render({ origin: SHANGHAI, destination: ROTTERDAM })
    expect(html).toMatch(/<g transform="translate\(780.8 187.1\)" data-marker="origin"><g [^>]*><circle r="5.5" class="fill-card stroke-primary"/)
    expect(html).toMatch(/<g transform="translate\(466.4 123.3\)" data-marker="destination"><g [^>]*><circle r="6" class="fill-primary/)
    expect(html).not.toContain('data-marker="current"')
    expect(legs(html)).toEqual(['planned'])
    expect(html).not.toContain('stroke-dasharray')
  })

  it('draws the way travelled solid to the last known position, pulsing only where motion is welcome, and the rest dashed', () => {
    const html = render({ origin: SHANGHAI, destination: ROTTERDAM, current: SINGAPORE })
    expect(legs(html)).toEqual(['travelled', 'remaining'])
    expect(html).toMatch(/<path d="M780.8 187.1Q[\d. ]+ 744.5 281.3" class="stroke-primary"[^>]*data-leg="travelled"/)
    expect(html).toMatch(/<path d="M744.5 281.3Q[\d. ]+ 466.4 123.3" [^>]*stroke-dasharray="2 6"[^>]*data-leg="remaining"/)
    expect(html).toContain('data-marker="current"')
    expect(html).toContain('motion-safe:animate-ping')
    expect(html).not.toMatch(/class="[^"]*(?<!motion-safe:)animate-/)
  })

  it('bows a northern route towards the pole', () => {
    const [, controlY] = /M780.8 187.1Q[\d.]+ ([\d.]+) 466.4 123.3/.exec(render({ origin: SHANGHAI, destination: ROTTERDAM }))!
    expect(Number(controlY)).toBeLessThan(Math.min(SHANGHAI.y, ROTTERDAM.y))
  })

  it('draws a route over the map’s edge twice, the second copy shifted to arrive from the other side', () => {
    const losAngeles: RoutePoint = { x: 168.9, y: 176.6, label: 'Los Angeles, US', wrapX: 1105.8 }
    const html = render({ origin: SHANGHAI, destination: losAngeles })
    expect(html).toMatch(/<path d="M780.8 187.1Q[\d. ]+ 1105.8 176.6"/)
    expect(html).toContain('<g transform="translate(-936.9 0)"')
    expect(html).toContain('<g transform="translate(168.9 176.6)" data-marker="destination">')
  })

  it('names the places beside their markers and in a key that screen readers read', () => {
    const html = render({ origin: SHANGHAI, destination: ROTTERDAM, current: SINGAPORE })
    expect(html).toContain('<dt class="text-muted-foreground">Origin</dt><dd class="truncate font-medium text-foreground">Shanghai, CN</dd>')
    expect(html).toContain('<dt class="text-muted-foreground">Last known position</dt><dd class="truncate font-medium text-foreground">Near Singapore</dd>')
    expect(html).toContain('<dt class="text-muted-foreground">Destination</dt><dd class="truncate font-medium text-foreground">Rotterdam, NL</dd>')
    expect(html.match(/<span aria-hidden="true" style="left:/g)).toHaveLength(3)
  })

  it('keeps labels inside the frame: anchored by their end near the right edge and by their start near the left', () => {
    const html = render({ origin: { x: 950, y: 300, label: 'East' }, destination: { x: 5, y: 300, label: 'West' } })
    expect(html).toMatch(/left:98.958\d*%;top:60%;transform:translate\(-100%, calc\(-100% - 0.6rem\)\)[^>]*>East</)
    expect(html).toMatch(/left:0.52\d*%;top:60%;transform:translate\(0%, calc\(-100% - 0.6rem\)\)[^>]*>West</)
  })

  it('puts the label of the southern of two close places below its marker', () => {
    const html = render({ origin: { x: 777, y: 190, label: 'Ningbo, CN' }, destination: { x: 791, y: 174, label: 'Busan, KR' } })
    expect(html).toMatch(/translate\(-50%, calc\(-100% - 0.6rem\)\)[^>]*>Busan, KR</)
    expect(html).toMatch(/translate\(-50%, 0.6rem\)[^>]*>Ningbo, CN</)
  })

  it('says why there is no route when the origin or the destination is missing', () => {
    for (const html of [render({ origin: SHANGHAI }), render({ destination: ROTTERDAM, current: SINGAPORE })]) {
      expect(html).toContain('The route appears once its origin and destination are known')
      expect(html).toContain('<image href="/maps/world-land.svg"')
      expect(html).not.toContain('data-marker')
      expect(html).not.toContain('data-leg')
    }
  })
})
