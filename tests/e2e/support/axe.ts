import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

/** Runs axe-core on the current page and fails listing every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
  const report = blocking
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`)
    .join('\n')
  expect(blocking, `axe found serious/critical violations on ${page.url()}:\n${report}`).toEqual([])
}
