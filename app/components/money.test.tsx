import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createFormatter } from '../platform/format'
import type { RateTable } from '../platform/fx/convert'
import { createTranslator } from '../platform/i18n/i18n'
import type { Locale } from '../platform/i18n/locales'
import en from '../platform/i18n/messages/en.json'
import zhHans from '../platform/i18n/messages/zh-Hans.json'
import zhHant from '../platform/i18n/messages/zh-Hant.json'
import { MoneyFigure, viewMoney } from './money'

const CATALOGS = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant }
const rates: RateTable = { asOf: '2026-11-24', perEur: { USD: '1.0856' }, days: { USD: '2026-11-24' } }

function view(locale: Locale, to: string, amount: string, currency: string) {
  const format = createFormatter({ locale, preferences: { timezone: 'UTC', date_format: 'medium', time_format: 'short', hour_cycle: 'h23' } })
  return viewMoney(format, createTranslator({ common: CATALOGS[locale] }), rates, to, amount, currency)
}

const text = (html: string) => html.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|')

describe('<MoneyFigure>', () => {
  it('shows the converted amount first, the original below, and the rate and its day to hover and to screen readers', () => {
    const html = renderToString(<MoneyFigure view={view('en', 'EUR', '1340.00', 'USD')} />)
    expect(text(html)).toBe('|≈ €1,234.34|$1,340.00|converted from $1,340.00 at 0.92115 on Nov 24, 2026|')
    expect(html).toContain('title="converted from $1,340.00 at 0.92115 on Nov 24, 2026"')
    expect(html).toMatch(/<span class="sr-only">converted from/)
    expect(html).toMatch(/aria-hidden="true">\$1,340.00</)
  })

  it('says in Chinese where a converted figure comes from', () => {
    expect(view('zh-Hans', 'EUR', '1340.00', 'USD').note).toBe('由 US$1,340.00 按 2026年11月24日 的汇率 0.92115 换算')
    expect(view('zh-Hant', 'EUR', '1340.00', 'USD').note).toBe('由 US$1,340.00 按 2026年11月24日 的匯率 0.92115 換算')
  })

  it('keeps an amount without a rate as it is, with a note, and one in the viewer’s currency plain', () => {
    expect(text(renderToString(<MoneyFigure view={view('en', 'EUR', '88.80', 'GBP')} />))).toBe(
      '|£88.80|not converted: no EUR rate|not converted: no EUR rate|',
    )
    expect(renderToString(<MoneyFigure view={view('en', 'EUR', '88.80', 'EUR')} />)).toBe('<span>€88.80</span>')
  })

  it('wraps the figure in its sentence', () => {
    const html = renderToString(<MoneyFigure view={view('en', 'EUR', '3.40', 'USD')} render={(price) => `From ${price} / pcs`} />)
    expect(text(html)).toMatch(/^\|From ≈ €3.13 \/ pcs\|\$3.40\|/)
  })
})
