import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CATALOGS, type Namespace } from '../../app/platform/i18n/catalog.server'
import { pickedMessages } from '../../app/platform/i18n/translate.server'
import { PAGE_MESSAGE_ROUTES, PAGE_MESSAGES } from '../../app/routes/page-messages'
import { messageGroupsUsed } from '../support/message-groups'

describe('pages that send part of a catalog', () => {
  for (const [name, pick] of Object.entries(PAGE_MESSAGES)) {
    const routes = PAGE_MESSAGE_ROUTES[name as keyof typeof PAGE_MESSAGES]
    describe(name, () => {
      it('names route modules that exist', () => {
        expect(routes.length).toBeGreaterThan(0)
        for (const route of routes) expect(existsSync(route), route).toBe(true)
      })

      for (const [namespace, groups] of Object.entries(pick) as [Namespace, readonly string[]][]) {
        const catalogGroups = Object.keys(CATALOGS.en[namespace])

        it(`picks groups that ${namespace} has`, () => {
          for (const group of groups) expect(catalogGroups, `${namespace}.${group}`).toContain(group)
        })

        it(`sends every group of ${namespace} the pages' code uses`, () => {
          for (const route of routes) {
            const missing = [...messageGroupsUsed(route, catalogGroups)].filter((group) => !groups.includes(group))
            expect(missing, `${route} uses ${namespace} groups it does not send`).toEqual([])
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
