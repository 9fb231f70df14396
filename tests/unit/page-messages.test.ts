import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CATALOGS, type Namespace } from '../../app/platform/i18n/catalog.server'
import { pickedMessages } from '../../app/platform/i18n/translate.server'
import { PAGE_MESSAGE_ROUTES, PAGE_MESSAGES, PAGE_MESSAGES_NOT_SHOWN } from '../../app/routes/page-messages'
import { messageGroupsUsed } from '../support/message-groups'

describe('pages that send part of a catalog', () => {
  for (const [name, pick] of Object.entries(PAGE_MESSAGES)) {
    const routes = PAGE_MESSAGE_ROUTES[name as keyof typeof PAGE_MESSAGES]
    describe(name, () => {
      it('names route modules that exist', () => {
        expect(routes.length).toBeGreaterThan(0)
        for (const route of routes) expect(existsSync(route), route).toBe(true)
      })

      const notShown = (PAGE_MESSAGES_NOT_SHOWN[name as keyof typeof PAGE_MESSAGES] ?? {}) as Partial<Record<Namespace, readonly string[]>>
      for (const [namespace, groups] of Object.entries(pick) as [Namespace, readonly string[]][]) {
        const catalogGroups = Object.keys(CATALOGS.en[namespace])
        const declared = notShown[namespace] ?? []

        it(`picks groups that ${namespace} has`, () => {
          for (const group of groups) expect(catalogGroups, `${namespace}.${group}`).toContain(group)
        })

        it(`sends every group of ${namespace} the pages' code uses`, () => {
          for (const route of routes) {
            const missing = [...messageGroupsUsed(route, catalogGroups)].filter((group) => !groups.includes(group) && !declared.includes(group))
            expect(missing, `${route} uses ${namespace} groups it does not send`).toEqual([])
          }
        })

        if (declared.length > 0)
          it(`declares as not shown only ${namespace} groups it does not send and the scan still finds`, () => {
            for (const group of declared) {
              expect(groups, `${namespace}.${group} is sent`).not.toContain(group)
              expect(
                routes.some((route) => messageGroupsUsed(route, catalogGroups).has(group)),
                `${namespace}.${group}: the scan no longer finds it; remove it from PAGE_MESSAGES_NOT_SHOWN`,
              ).toBe(true)
            }
          })
      }
    })
  }

  it('cuts the catalogs to the picked groups, in every locale', () => {
    const picked = pickedMessages('zh-Hans', PAGE_MESSAGES.orderList)
    expect(Object.keys(picked.orders ?? {}).sort()).toEqual([...PAGE_MESSAGES.orderList.orders].sort())
    expect(picked.orders?.list).toBe(CATALOGS['zh-Hans'].orders.list)
    expect(pickedMessages('zh-Hans', PAGE_MESSAGES.orderList)).toBe(picked)
  })
})

describe('messageGroupsUsed', () => {
  it('finds the groups of the order detail page, through the orders barrel, and not those of the order form', () => {
    const used = messageGroupsUsed('app/routes/app/orders/view.tsx', Object.keys(CATALOGS.en.orders))
    expect(used).toContain('detail')
    expect(used).toContain('actionHelp')
    expect(used).not.toContain('form')
  })
})
