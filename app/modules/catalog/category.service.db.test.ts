import { asc, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { insertProduct } from '../../../tests/factories/catalog-products'
import { createUser } from '../../../db/factories/users'
import type { PlatformRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { categories, products } from './catalog.tables.server'
import { CreateCategoryInput, MoveCategoryInput, RenameCategoryInput } from './category.inputs'
import { loadCategories } from './search.service.server'
import {
  categoryAdminTree,
  categoryTree,
  createCategory,
  deleteCategory,
  flattenCategories,
  moveCategory,
  renameCategory,
  reorderCategory,
} from './category.service.server'

const ctxOf = (userId: string, platformRole: PlatformRole): ServiceContext => ({
  actor: { userId, sessionId: 'test-session', companyId: null, memberRole: null, platformRole, companyKind: null, contactVerified: true, aal: 'aal1' },
  locale: 'en',
  requestId: 'test',
})

let admin: ServiceContext
let user: ServiceContext

beforeAll(async () => {
  admin = ctxOf((await createUser({ role: 'admin' })).id, 'admin')
  user = ctxOf((await createUser()).id, 'user')
})

const create = (id: string, parentId: string | null = null, names: Record<string, string> = {}) =>
  createCategory(admin, CreateCategoryInput.parse({ id, parentId: parentId ?? '', nameEn: `Category ${id}`, ...names }))

/** The ids of a parent's children (null: the top level), in order. */
async function childrenOf(parentId: string | null): Promise<string[]> {
  const rows = await database()
    .select({ id: categories.id })
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id))
  return rows.map((row) => row.id)
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: { code: string; details?: Record<string, unknown> }) => error,
  )

describe('creating categories', () => {
  it('adds top-level and child categories last among their siblings, with the three names', async () => {
    const top = await create('test-fixtures', null, { nameZhHans: '测试夹具', nameZhHant: '測試夾具' })
    expect(top).toMatchObject({ parentId: null, nameEn: 'Category test-fixtures', nameZhHans: '测试夹具', nameZhHant: '測試夾具' })
    expect((await childrenOf(null)).at(-1)).toBe('test-fixtures')
    await create('test-clamps', 'test-fixtures')
    await create('test-jigs', 'test-fixtures')
    expect(await childrenOf('test-fixtures')).toEqual(['test-clamps', 'test-jigs'])
    const zhHant = flattenCategories(await categoryTree('zh-Hant'))
    expect(zhHant.find((node) => node.id === 'test-fixtures')?.name).toBe('測試夾具')
    // An empty Chinese name shows the English one.
    expect(zhHant.find((node) => node.id === 'test-clamps')?.name).toBe('Category test-clamps')
  })

  it('makes marketplace search reload its cached tree', async () => {
    expect((await loadCategories()).some((row) => row.id === 'search-sees-me')).toBe(false)
    await create('search-sees-me', 'lighting')
    expect((await loadCategories()).find((row) => row.id === 'search-sees-me')).toMatchObject({ parentId: 'lighting' })
    await renameCategory(admin, 'search-sees-me', RenameCategoryInput.parse({ nameEn: 'Seen' }))
    expect((await loadCategories()).find((row) => row.id === 'search-sees-me')?.nameEn).toBe('Seen')
  })

  it('refuses a taken slug and an unknown parent with field errors', async () => {
    expect((await failureOf(create('lighting'))).details?.fields).toEqual({ id: ['validation.categoryTaken'] })
    expect((await failureOf(create('orphan', 'no-such-parent'))).details?.fields).toEqual({ parentId: ['validation.categoryParent'] })
  })

  it('validates the slug and the English name with field keys', () => {
    const result = CreateCategoryInput.safeParse({ id: 'Solar Panels!', nameEn: '  ', nameZhHans: 'x'.repeat(121) })
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
    expect(messages).toEqual({ id: 'validation.categorySlug', nameEn: 'validation.categoryNameEn', nameZhHans: 'validation.tooLong' })
    expect(CreateCategoryInput.parse({ id: 'solar-panels-2', nameEn: 'Solar' })).toEqual({
      id: 'solar-panels-2',
      parentId: null,
      nameEn: 'Solar',
      nameZhHans: '',
      nameZhHant: '',
    })
  })
})

describe('renaming, moving and reordering', () => {
  it('replaces the names in all locales', async () => {
    await create('rename-me')
    await renameCategory(admin, 'rename-me', RenameCategoryInput.parse({ nameEn: 'Renamed', nameZhHans: '已改名', nameZhHant: '已改名' }))
    expect(flattenCategories(await categoryTree('zh-Hans')).find((node) => node.id === 'rename-me')?.name).toBe('已改名')
    expect((await failureOf(renameCategory(admin, 'no-such-category', RenameCategoryInput.parse({ nameEn: 'X' })))).code).toBe('not_found')
  })

  it('moves a category with its subtree under another parent, last, and back to the top level', async () => {
    await create('move-a')
    await create('move-b')
    await create('move-a-child', 'move-a')
    await create('move-b-child', 'move-b')
    await moveCategory(admin, 'move-a', MoveCategoryInput.parse({ parentId: 'move-b' }))
    expect(await childrenOf('move-b')).toEqual(['move-b-child', 'move-a'])
    expect(await childrenOf('move-a')).toEqual(['move-a-child'])
    await moveCategory(admin, 'move-a', MoveCategoryInput.parse({ parentId: '' }))
    expect((await childrenOf(null)).at(-1)).toBe('move-a')
  })

  it('refuses a move under the category itself or one of its descendants', async () => {
    await create('cycle-root')
    await create('cycle-child', 'cycle-root')
    await create('cycle-grandchild', 'cycle-child')
    for (const parentId of ['cycle-root', 'cycle-grandchild']) {
      expect((await failureOf(moveCategory(admin, 'cycle-root', { parentId }))).details?.fields).toEqual({ parentId: ['validation.categoryCycle'] })
    }
    const [row] = await database().select().from(categories).where(eq(categories.id, 'cycle-root'))
    expect(row?.parentId).toBeNull()
  })

  it('moves a category one place up or down among its siblings; the ends stay put', async () => {
    await create('order-parent')
    for (const id of ['order-1', 'order-2', 'order-3']) await create(id, 'order-parent')
    await reorderCategory(admin, 'order-3', { direction: 'up' })
    expect(await childrenOf('order-parent')).toEqual(['order-1', 'order-3', 'order-2'])
    await reorderCategory(admin, 'order-1', { direction: 'down' })
    expect(await childrenOf('order-parent')).toEqual(['order-3', 'order-1', 'order-2'])
    await reorderCategory(admin, 'order-3', { direction: 'up' })
    await reorderCategory(admin, 'order-2', { direction: 'down' })
    expect(await childrenOf('order-parent')).toEqual(['order-3', 'order-1', 'order-2'])
    const rows = await database().select({ id: categories.id, position: categories.position }).from(categories).where(eq(categories.parentId, 'order-parent'))
    expect(Object.fromEntries(rows.map((row) => [row.id, row.position]))).toEqual({ 'order-3': 0, 'order-1': 1, 'order-2': 2 })
  })
})

describe('deleting categories', () => {
  it('deletes a category without subcategories and products', async () => {
    await create('delete-me')
    await deleteCategory(admin, 'delete-me')
    expect(await database().select().from(categories).where(eq(categories.id, 'delete-me'))).toEqual([])
    expect((await failureOf(deleteCategory(admin, 'delete-me'))).code).toBe('not_found')
  })

  it('refuses with a 409 naming the reason while subcategories or products use it', async () => {
    await create('busy-parent')
    await create('busy-child', 'busy-parent')
    expect(await failureOf(deleteCategory(admin, 'busy-parent'))).toMatchObject({ code: 'conflict', details: { reason: 'category_has_children', count: 1 } })
    const { company } = await createMember({ role: 'owner' })
    const product = await insertProduct(company.id)
    await database().update(products).set({ categoryId: 'busy-child' }).where(eq(products.id, product.id))
    expect(await failureOf(deleteCategory(admin, 'busy-child'))).toMatchObject({ code: 'conflict', details: { reason: 'category_in_use', count: 1 } })
  })
})

describe('authorization', () => {
  it('lets only platform admins read the admin tree and change categories', async () => {
    await create('guarded')
    const attempts = [
      categoryAdminTree(user),
      createCategory(user, CreateCategoryInput.parse({ id: 'not-allowed', nameEn: 'No' })),
      renameCategory(user, 'guarded', RenameCategoryInput.parse({ nameEn: 'No' })),
      moveCategory(user, 'guarded', { parentId: 'lighting' }),
      reorderCategory(user, 'guarded', { direction: 'up' }),
      deleteCategory(user, 'guarded'),
    ]
    for (const attempt of attempts) expect((await failureOf(attempt)).code).toBe('forbidden')
  })

  it('shows admins every name and each category’s product count', async () => {
    const { company } = await createMember({ role: 'owner' })
    await insertProduct(company.id)
    const lighting = (await categoryAdminTree(admin)).find((node) => node.id === 'lighting')
    expect(lighting).toMatchObject({ nameEn: 'Lighting', nameZhHans: '照明', nameZhHant: '照明', depth: 0 })
    expect(lighting?.productCount).toBeGreaterThanOrEqual(1)
    expect(lighting?.children.every((child) => child.depth === 1)).toBe(true)
  })
})
