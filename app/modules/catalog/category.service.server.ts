import { asc } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { categories } from './catalog.tables.server'

export type CategoryNode = { id: string; parentId: string | null; name: string; depth: number; children: CategoryNode[] }

const NAME_OF: Record<Locale, 'nameEn' | 'nameZhHans' | 'nameZhHant'> = { en: 'nameEn', 'zh-Hans': 'nameZhHans', 'zh-Hant': 'nameZhHant' }

/** The whole category tree, by position, with names in `locale` (public). */
export async function categoryTree(locale: Locale): Promise<CategoryNode[]> {
  const rows = await database().select().from(categories).orderBy(asc(categories.position), asc(categories.id))
  const nodes = new Map(rows.map((row) => [row.id, { id: row.id, parentId: row.parentId, name: row[NAME_OF[locale]] || row.nameEn, depth: 0, children: [] as CategoryNode[] }]))
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const setDepth = (list: CategoryNode[], depth: number) => list.forEach((node) => ((node.depth = depth), setDepth(node.children, depth + 1)))
  setDepth(roots, 0)
  return roots
}

/** The tree flattened depth-first, for an indented select. */
export function flattenCategories(tree: CategoryNode[]): Array<Omit<CategoryNode, 'children'>> {
  return tree.flatMap(({ children, ...node }) => [node, ...flattenCategories(children)])
}
