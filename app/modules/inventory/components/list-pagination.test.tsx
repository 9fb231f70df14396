import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import uiEn from '../../../components/ui/messages/en.json'
import uiHans from '../../../components/ui/messages/zh-Hans.json'
import { I18nProvider } from '../../../platform/i18n/react'
import inventoryEn from '../messages/inventory/en.json'
import inventoryHans from '../messages/inventory/zh-Hans.json'
import { ListPagination } from './list-pagination'

const CATALOGS = { en: { ui: uiEn, inventory: inventoryEn }, 'zh-Hans': { ui: uiHans, inventory: inventoryHans } }

/** Server-renders inside a router, as SSR does. */
function render(node: ReactNode, locale: keyof typeof CATALOGS = 'en'): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  return renderToString(
    <I18nProvider locale={locale} resources={CATALOGS[locale]}>
      <Stub />
    </I18nProvider>,
  )
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ')
const hrefFor = (offset: number) => `/list?offset=${offset}`

describe('ListPagination', () => {
  it('shows an exact count as the shared pagination does', () => {
    expect(textOf(render(<ListPagination total={60} totalIsCapped={false} offset={25} limit={25} hrefFor={hrefFor} />))).toContain('26–50 of 60')
  })

  it('never shows a capped count as exact, and always offers the next page', () => {
    const html = render(<ListPagination total={1000} totalIsCapped offset={975} limit={25} hrefFor={hrefFor} />)
    expect(textOf(html)).toContain('976–1,000 of more than 1,000')
    expect(html).toContain('href="/list?offset=1000"')
    expect(html).toContain('href="/list?offset=950"')
    expect(textOf(render(<ListPagination total={1000} totalIsCapped offset={0} limit={25} hrefFor={hrefFor} />, 'zh-Hans'))).toContain(
      '第 1–25 条，共超过 1,000 条',
    )
  })
})
