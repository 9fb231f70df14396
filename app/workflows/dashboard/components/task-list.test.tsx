import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PreferencesProvider } from '../../../modules/identity/index'
import type { Locale } from '../../../platform/i18n/locales'
import { I18nProvider } from '../../../platform/i18n/react'
import type { Task } from '../dashboard-tasks'
import en from '../messages/en.json'
import zhHans from '../messages/zh-Hans.json'
import { TaskList } from './task-list'

const CATALOGS = { en, 'zh-Hans': zhHans } as const

function render(locale: 'en' | 'zh-Hans', tasks: Task[]): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => <TaskList tasks={tasks} locale={locale as Locale} /> }])
  return renderToString(
    <I18nProvider locale={locale} resources={{ dashboard: CATALOGS[locale] }}>
      <PreferencesProvider>
        <Stub />
      </PreferencesProvider>
    </I18nProvider>,
  )
}

const item = (n: number) => ({ id: `o${n}`, href: `/app/orders/o${n}/view`, title: `PO-${n}`, detail: 'Acme', date: '2026-11-20' })

describe('TaskList', () => {
  it('names a queue past the cap as "100+" and links to the whole list', () => {
    const html = render('en', [{ id: 'overdueDeliveries', count: 100, more: true, href: '/app/orders/buyer', items: [item(1), item(2), item(3)] }])
    expect(html).toContain('100+ orders past their delivery date')
    expect(html).toContain('View all')
    expect(render('zh-Hans', [{ id: 'overdueDeliveries', count: 100, more: true, href: '/app/orders/buyer', items: [item(1)] }])).toContain('100+')
  })

  it('counts a short queue exactly, with no "View all" when every item shows', () => {
    const html = render('en', [{ id: 'ordersToConfirm', count: 2, more: false, href: '/app/supplier/purchase-order', items: [item(1), item(2)] }])
    expect(html).toContain('2 orders to confirm')
    expect(html).not.toContain('100+')
    expect(html).not.toContain('View all')
  })
})
