import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * The rules whose outcome depends on the colour mode. A page's markup is the same in both modes, so the dark pass of a
 * page already audited in the light checks only these (axe's full run takes seconds a page on the CI machine).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** An axe run: every WCAG 2.1 A/AA and best-practice rule, or in the dark mode only the colour rules. */
export function axeFor(page: Page, theme: 'light' | 'dark' = 'light'): AxeBuilder {
  // Only the violations are collected: listing every passing node of every rule costs axe a third of its run.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  return theme === 'dark' ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG_TAGS)
}

/**
 * Waits for the page's requests to finish (data a page fetches after hydrating), but not for ever: a page that keeps a
 * request open (a PDF streaming into a frame on a busy machine) is audited as it stands after a few seconds. The run
 * where it was unbounded spent the rest of a three-minute journey waiting here.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
}

/** Runs axe-core on the current page and answers its serious and critical violations, one line each ('' when none). */
export async function seriousViolations(page: Page, { theme = 'light' }: { theme?: 'light' | 'dark' } = {}): Promise<string> {
  await settled(page)
  const results = await axeFor(page, theme).analyze()
  return results.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`,
    )
    .join('\n')
}

/**
 * Runs axe-core on the current page and fails listing every serious or critical violation. Pass `theme: 'dark'` for the
 * dark pass of a page whose light pass ran too.
 */
export async function expectNoSeriousViolations(page: Page, options: { theme?: 'light' | 'dark' } = {}) {
  const report = await seriousViolations(page, options)
  expect(report, `axe found serious/critical violations on ${page.url()}:\n${report}`).toBe('')
}
