import { redirect } from 'react-router'
import { FormError } from '../../components/form-error'
import { useIntentResult } from '../../components/use-intent-result'
import { Alert } from '../../components/ui/alert'
import {
  CategoryEditor,
  CategoryTree,
  CreateCategoryForm,
  CreateCategoryInput,
  MoveCategoryInput,
  RenameCategoryInput,
  ReorderCategoryInput,
} from '../../modules/catalog/index'
import {
  categoryAdminTree,
  createCategory,
  deleteCategory,
  flattenCategories,
  moveCategory,
  renameCategory,
  reorderCategory,
  type AdminCategoryNode,
} from '../../modules/catalog/index.server'
import { requireActor } from '../../modules/companies/index.server'
import type { ServiceContext } from '../../platform/actor'
import { isAppError } from '../../platform/errors'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../platform/forms.server'
import { localizePath } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import { useTranslation } from '../../platform/i18n/react'
import { pageData } from '../page-data.server'
import type { RouteHandle } from '../../platform/ui/route-handle'
import type { Route } from './+types/categories'

const SAVED = ['created', 'renamed', 'moved', 'deleted'] as const
type Saved = (typeof SAVED)[number]

/** The ids of a category and all its descendants: where it cannot move to. */
function subtreeIds(node: AdminCategoryNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)]
}

function findNode(nodes: AdminCategoryNode[], id: string): AdminCategoryNode | undefined {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.children, id)
    if (found) return found
  }
  return undefined
}

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const tree = await withRouteErrors(() => categoryAdminTree(ctx))
  const search = new URL(request.url).searchParams
  const flat = flattenCategories(tree)
  const selected = findNode(tree, search.get('edit') ?? '')
  const excluded = new Set(selected ? subtreeIds(selected) : [])
  return {
    ...pageData(ctx.locale, 'catalog', 'categories.metaTitle'),
    tree,
    options: flat.map(({ id, nameEn, depth }) => ({ id, name: nameEn, depth })),
    selected: selected
      ? {
          id: selected.id,
          parentId: selected.parentId,
          nameEn: selected.nameEn,
          nameZhHans: selected.nameZhHans,
          nameZhHant: selected.nameZhHant,
          productCount: selected.productCount,
          childCount: selected.children.length,
        }
      : null,
    parentOptions: flat.filter((node) => !excluded.has(node.id)).map(({ id, nameEn, depth }) => ({ id, name: nameEn, depth })),
    saved: SAVED.find((value) => value === search.get('saved')),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

const pageUrl = (ctx: ServiceContext, search: Record<string, string>) => localizePath(ctx.locale, `/app/categories?${new URLSearchParams(search).toString()}`)
const afterSave = (ctx: ServiceContext, saved: Saved, id?: string) => redirect(pageUrl(ctx, id ? { edit: id, saved } : { saved }))

/** A refused delete says why: subcategories or products still use the category. */
function deleteRefusal(ctx: ServiceContext, error: unknown, intent: string) {
  if (!isAppError(error) || error.code !== 'conflict') return failureFromError(error, { intent })
  const t = translator(ctx.locale, 'catalog')
  const key = error.details?.reason === 'category_has_children' ? 'categories.deleteBlocked.children' : 'categories.deleteBlocked.products'
  return failure({ ok: false, fieldErrors: {}, formError: { code: error.code, message: t(key, { count: Number(error.details?.count ?? 0) }) } }, 409, {
    intent,
  })
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const id = String(form.get('id') ?? '')
  try {
    if (intent === 'create') {
      const parsed = parseForm(CreateCategoryInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      return afterSave(ctx, 'created', (await createCategory(ctx, parsed.data)).id)
    }
    if (intent === 'rename') {
      const parsed = parseForm(RenameCategoryInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      await renameCategory(ctx, id, parsed.data)
      return afterSave(ctx, 'renamed', id)
    }
    if (intent === 'move') {
      const parsed = parseForm(MoveCategoryInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      await moveCategory(ctx, id, parsed.data)
      return afterSave(ctx, 'moved', id)
    }
    if (intent === 'reorder') {
      const parsed = parseForm(ReorderCategoryInput, form)
      if (!parsed.ok) return failure(parsed, 422, { intent })
      await reorderCategory(ctx, id, parsed.data)
      return { ok: true as const, intent }
    }
    if (intent === 'delete') {
      try {
        await deleteCategory(ctx, id)
      } catch (error) {
        return deleteRefusal(ctx, error, intent)
      }
      return afterSave(ctx, 'deleted')
    }
    return failure({ ok: false, fieldErrors: {} }, 400, { intent })
  } catch (error) {
    return failureFromError(error, { intent })
  }
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalog')
  const { tree, options, selected, parentOptions, saved } = loaderData
  const reorder = useIntentResult('reorder')
  const savedNotice: Record<Saved, string> = {
    created: t('categories.saved.created'),
    renamed: t('categories.saved.renamed'),
    moved: t('categories.saved.moved'),
    deleted: t('categories.saved.deleted'),
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('categories.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('categories.description')}</p>
      </div>
      {saved ? <Alert tone="success">{savedNotice[saved]}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <section aria-labelledby="category-tree-title" className="flex flex-col gap-3">
          <h2 id="category-tree-title" className="text-lg font-semibold">
            {t('categories.treeTitle')}
          </h2>
          <FormError error={reorder.formError} />
          <CategoryTree tree={tree} selectedId={selected?.id ?? null} />
        </section>
        <div className="flex flex-col gap-6">
          {selected ? <CategoryEditor key={selected.id} category={selected} parentOptions={parentOptions} /> : null}
          <CreateCategoryForm key={selected?.id ?? ''} options={options} defaultParentId={selected?.id ?? ''} />
        </div>
      </div>
    </div>
  )
}
