import { asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import type { Locale } from '../../platform/i18n/locales'
import { logger } from '../../platform/logger.server'
import { requirePlatformAdmin } from '../companies/index'
import { categories, productImportRows, products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'
import { categoriesChanged } from './search.service.server'
import type { CategoryDirection, CreateCategoryInput, MoveCategoryInput, RenameCategoryInput, ReorderCategoryInput } from './category.inputs'

export type CategoryNode = { id: string; parentId: string | null; name: string; depth: number; children: CategoryNode[] }

/** A category as platform admins edit it: every name, and what keeps it from being deleted. */
export type AdminCategoryNode = {
  id: string
  parentId: string | null
  nameEn: string
  nameZhHans: string
  nameZhHant: string
  depth: number
  productCount: number
  children: AdminCategoryNode[]
}

type CategoryRow = typeof categories.$inferSelect

const NAME_OF: Record<Locale, 'nameEn' | 'nameZhHans' | 'nameZhHant'> = { en: 'nameEn', 'zh-Hans': 'nameZhHans', 'zh-Hant': 'nameZhHant' }

/** Nests rows (already in sibling order) under their parents and sets each node's depth. */
function nest<T extends { id: string; parentId: string | null; depth: number; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const roots: T[] = []
  for (const node of nodes) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const setDepth = (list: T[], depth: number) => list.forEach((node) => ((node.depth = depth), setDepth(node.children, depth + 1)))
  setDepth(roots, 0)
  return roots
}

const allRows = (db: Database | Transaction = database()) => db.select().from(categories).orderBy(asc(categories.position), asc(categories.id))

/** The whole category tree, by position, with names in `locale` (public). */
export async function categoryTree(locale: Locale): Promise<CategoryNode[]> {
  const rows = await allRows()
  return nest(rows.map((row) => ({ id: row.id, parentId: row.parentId, name: row[NAME_OF[locale]] || row.nameEn, depth: 0, children: [] })))
}

/** The tree flattened depth-first, for an indented select. */
export function flattenCategories<T extends { children: T[] }>(tree: T[]): Array<Omit<T, 'children'>> {
  return tree.flatMap(({ children, ...node }) => [node, ...flattenCategories(children)])
}

/** The tree with every name and each category's product count (platform admins). */
export async function categoryAdminTree(ctx: ServiceContext): Promise<AdminCategoryNode[]> {
  requirePlatformAdmin(ctx.actor)
  const [rows, counts] = await Promise.all([
    allRows(),
    database().select({ id: products.categoryId, total: count() }).from(products).where(visibleProduct()).groupBy(products.categoryId),
  ])
  const productCounts = new Map(counts.map((row) => [row.id, row.total]))
  return nest(
    rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      nameEn: row.nameEn,
      nameZhHans: row.nameZhHans,
      nameZhHant: row.nameZhHant,
      depth: 0,
      productCount: productCounts.get(row.id) ?? 0,
      children: [],
    })),
  )
}

const fieldError = (field: string, key: string, message: string) => new AppError('validation_failed', message, { fields: { [field]: [key] } })

/** Serialises category writes (so slug checks and cycle checks cannot race) without blocking product writes. */
async function lockCategories(tx: Transaction): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`)
}

async function findCategory(tx: Database | Transaction, id: string): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id))
  if (!row) throw new AppError('not_found', 'Category not found')
  return row
}

const siblingsOf = (tx: Transaction, parentId: string | null) =>
  tx
    .select({ id: categories.id, position: categories.position })
    .from(categories)
    .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id))

async function nextPosition(tx: Transaction, parentId: string | null): Promise<number> {
  const siblings = await siblingsOf(tx, parentId)
  return siblings.reduce((max, sibling) => Math.max(max, sibling.position + 1), 0)
}

/** The parent a category may hang under: an existing category that is not the category itself or one of its descendants. */
async function assertValidParent(tx: Transaction, parentId: string | null, movingId?: string): Promise<void> {
  if (parentId === null) return
  const rows = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories)
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]))
  if (!parentOf.has(parentId)) throw fieldError('parentId', 'validation.categoryParent', 'Unknown parent category')
  for (let cursor: string | null | undefined = parentId; cursor; cursor = parentOf.get(cursor)) {
    if (cursor === movingId) throw fieldError('parentId', 'validation.categoryCycle', 'A category cannot move under itself or its subcategories')
  }
}

/**
 * After a committed change: search reloads its cached tree, and the change is logged (categories are
 * platform data, not a company's records, so they have no audit trail).
 */
function changed(ctx: ServiceContext, change: string, categoryId: string, details: Record<string, unknown> = {}): void {
  categoriesChanged()
  logger().info({ userId: ctx.actor.userId, requestId: ctx.requestId, categoryId, change, ...details }, 'category changed')
}

/** Adds a category, last among its siblings (platform admins), once per idempotency key; the slug must be free. */
export async function createCategory(ctx: ServiceContext, input: CreateCategoryInput, options: IdempotencyOption = {}): Promise<CategoryRow> {
  requirePlatformAdmin(ctx.actor)
  // Categories are platform data: an admin's keys are their own.
  const { replayed } = await createIdempotently(
    `category:${ctx.actor.userId}`,
    options,
    input,
    async (tx) => {
      await lockCategories(tx)
      const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.id))
      if (taken) throw fieldError('id', 'validation.categoryTaken', 'The slug is taken')
      await assertValidParent(tx, input.parentId)
      await tx.insert(categories).values({
        id: input.id,
        parentId: input.parentId,
        position: await nextPosition(tx, input.parentId),
        nameEn: input.nameEn,
        nameZhHans: input.nameZhHans,
        nameZhHant: input.nameZhHant,
      })
    },
    input.id,
  )
  const row = await findCategory(database(), input.id)
  if (!replayed) changed(ctx, 'created', row.id, { parentId: row.parentId })
  return row
}

/** Replaces a category's names (platform admins). */
export async function renameCategory(ctx: ServiceContext, id: string, input: RenameCategoryInput): Promise<CategoryRow> {
  requirePlatformAdmin(ctx.actor)
  const row = await database().transaction(async (tx) => {
    await lockCategories(tx)
    await findCategory(tx, id)
    const [updated] = await tx
      .update(categories)
      .set({ nameEn: input.nameEn, nameZhHans: input.nameZhHans, nameZhHant: input.nameZhHant, updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning()
    if (!updated) throw new AppError('internal', 'Category not stored')
    return updated
  })
  changed(ctx, 'renamed', id)
  return row
}

/** Hangs a category (with its subtree) under another parent, last among its new siblings (platform admins); no cycles. */
export async function moveCategory(ctx: ServiceContext, id: string, input: MoveCategoryInput): Promise<CategoryRow> {
  requirePlatformAdmin(ctx.actor)
  const row = await database().transaction(async (tx) => {
    await lockCategories(tx)
    const current = await findCategory(tx, id)
    if (current.parentId === input.parentId) return current
    await assertValidParent(tx, input.parentId, id)
    const [moved] = await tx
      .update(categories)
      .set({ parentId: input.parentId, position: await nextPosition(tx, input.parentId), updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning()
    if (!moved) throw new AppError('internal', 'Category not stored')
    return moved
  })
  changed(ctx, 'moved', id, { parentId: row.parentId })
  return row
}

/** The sibling order after moving `id` one step; unchanged at either end. */
function reordered(ids: string[], id: string, direction: CategoryDirection): string[] {
  const from = ids.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= ids.length) return ids
  const next = [...ids]
  ;[next[from], next[to]] = [next[to]!, next[from]!]
  return next
}

/** Moves a category one place up or down among its siblings (platform admins); siblings are renumbered 0…n-1. */
export async function reorderCategory(ctx: ServiceContext, id: string, input: ReorderCategoryInput): Promise<CategoryRow> {
  requirePlatformAdmin(ctx.actor)
  const row = await database().transaction(async (tx) => {
    await lockCategories(tx)
    const current = await findCategory(tx, id)
    const siblings = await siblingsOf(tx, current.parentId)
    const order = reordered(
      siblings.map((sibling) => sibling.id),
      id,
      input.direction,
    )
    const now = new Date()
    for (const [position, siblingId] of order.entries()) {
      if (siblings.find((sibling) => sibling.id === siblingId)?.position === position) continue
      await tx.update(categories).set({ position, updatedAt: now }).where(eq(categories.id, siblingId))
    }
    return findCategory(tx, id)
  })
  changed(ctx, 'reordered', id, { direction: input.direction })
  return row
}

/** Deletes a category that has no subcategories and no products (platform admins); otherwise a 409 naming the reason. */
export async function deleteCategory(ctx: ServiceContext, id: string): Promise<CategoryRow> {
  requirePlatformAdmin(ctx.actor)
  const row = await database().transaction(async (tx) => {
    await lockCategories(tx)
    // Row lock: a product being saved into this category waits for us (its key-share lock conflicts), so the count below is final.
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
    if (!current) throw new AppError('not_found', 'Category not found')
    const [children] = await tx.select({ total: count() }).from(categories).where(eq(categories.parentId, id))
    if ((children?.total ?? 0) > 0)
      throw new AppError('conflict', 'The category has subcategories', { reason: 'category_has_children', count: children?.total ?? 0 })
    const [used] = await tx.select({ total: count() }).from(products).where(eq(products.categoryId, id))
    // A running import's staged rows hold the category too (their reference would refuse the delete).
    const [staged] = await tx.select({ total: count() }).from(productImportRows).where(eq(productImportRows.categoryId, id))
    if ((used?.total ?? 0) + (staged?.total ?? 0) > 0)
      throw new AppError('conflict', 'Products use the category', { reason: 'category_in_use', count: used?.total ?? 0 })
    await tx.delete(categories).where(eq(categories.id, id))
    return current
  })
  changed(ctx, 'deleted', id)
  return row
}

/** The ids among `ids` that are categories of the tree, for other modules' records that name one (read in `db`, a transaction may pass its own). */
export async function knownCategoryIds(ids: Iterable<string>, db: Database | Transaction = database()): Promise<Set<string>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Set()
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted))
  return new Set(rows.map((row) => row.id))
}
