import { ArrowDown, ArrowUp } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { useIntentResult } from '../../../components/use-intent-result'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { Field, FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { AdminCategoryNode } from '../category.service.server'
import { CATEGORY_NAME_MAX, CATEGORY_SLUG_MAX, type CategoryNameLocale } from '../category.inputs'

type CategoryOption = { id: string; name: string; depth: number }

/** The category being edited, as the editor needs it. */
export type EditedCategory = Pick<AdminCategoryNode, 'id' | 'parentId' | 'nameEn' | 'nameZhHans' | 'nameZhHant' | 'productCount'> & { childCount: number }

/** The category tree as nested lists; each category moves up or down among its siblings and opens in the editor. */
export function CategoryTree({ tree, selectedId }: { tree: AdminCategoryNode[]; selectedId: string | null }) {
  return (
    <ul className="flex flex-col gap-1" data-testid="category-tree">
      {tree.map((node, index) => (
        <CategoryTreeItem key={node.id} node={node} first={index === 0} last={index === tree.length - 1} selectedId={selectedId} />
      ))}
    </ul>
  )
}

function CategoryTreeItem({ node, first, last, selectedId }: { node: AdminCategoryNode; first: boolean; last: boolean; selectedId: string | null }) {
  const { t } = useTranslation('catalog')
  const format = useFormatter()
  const selected = node.id === selectedId
  return (
    <li>
      <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-1 ${selected ? 'bg-muted' : ''}`}>
        <span className="min-w-0 flex-1">
          <span className="font-medium">{node.nameEn}</span>{' '}
          <span className="text-sm text-muted-foreground">
            <span lang="zh-Hans">{node.nameZhHans}</span> · <span lang="zh-Hant">{node.nameZhHant}</span> · <code className="text-xs">{node.id}</code> ·{' '}
            {t('categories.productCount', { count: format.number(node.productCount) })}
          </span>
        </span>
        <Form method="post" preventScrollReset className="flex gap-1">
          <input type="hidden" name="intent" value="reorder" />
          <input type="hidden" name="id" value={node.id} />
          <Button
            type="submit"
            name="direction"
            value="up"
            variant="ghost"
            size="icon"
            disabled={first}
            aria-label={t('categories.moveUp', { name: node.nameEn })}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="submit"
            name="direction"
            value="down"
            variant="ghost"
            size="icon"
            disabled={last}
            aria-label={t('categories.moveDown', { name: node.nameEn })}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </Form>
        <Link
          to={`?edit=${encodeURIComponent(node.id)}`}
          aria-current={selected ? 'true' : undefined}
          className={buttonClasses('secondary', undefined, 'sm')}
          aria-label={t('categories.editOne', { name: node.nameEn })}
        >
          {t('categories.edit')}
        </Link>
      </div>
      {node.children.length > 0 ? (
        <ul className="ms-4 flex flex-col gap-1 border-s border-border ps-3">
          {node.children.map((child, index) => (
            <CategoryTreeItem key={child.id} node={child} first={index === 0} last={index === node.children.length - 1} selectedId={selectedId} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

/** A parent picker: top level, or any category (indented by depth). */
function ParentSelect({ options, defaultValue, errors }: { options: CategoryOption[]; defaultValue: string; errors: string[] | undefined }) {
  const { t } = useTranslation('catalog')
  return (
    <FormField label={t('categories.fields.parent')} errors={errors}>
      {(control) => (
        <NativeSelect name="parentId" defaultValue={defaultValue} {...control}>
          <option value="">{t('categories.topLevel')}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {'\u00a0\u00a0'.repeat(option.depth)}
              {option.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
}

/** The three name fields, filled with `names` when renaming. */
function NameFields({
  names,
  errorsOf,
}: {
  names?: Pick<EditedCategory, 'nameEn' | 'nameZhHans' | 'nameZhHant'>
  errorsOf: (field: string) => string[] | undefined
}) {
  const { t } = useTranslation('catalog')
  const label = (locale: CategoryNameLocale) => t('edit.fields.name', { locale: t(`edit.locales.${locale}`) })
  return (
    <>
      <Field label={label('en')} name="nameEn" defaultValue={names?.nameEn} required maxLength={CATEGORY_NAME_MAX} errors={errorsOf('nameEn')} />
      <Field
        label={label('zhHans')}
        name="nameZhHans"
        lang="zh-Hans"
        defaultValue={names?.nameZhHans}
        maxLength={CATEGORY_NAME_MAX}
        hint={t('categories.hints.chineseName')}
        errors={errorsOf('nameZhHans')}
      />
      <Field
        label={label('zhHant')}
        name="nameZhHant"
        lang="zh-Hant"
        defaultValue={names?.nameZhHant}
        maxLength={CATEGORY_NAME_MAX}
        hint={t('categories.hints.chineseName')}
        errors={errorsOf('nameZhHant')}
      />
    </>
  )
}

/** Adds a category under the chosen parent (the edited one by default). */
export function CreateCategoryForm({ options, defaultParentId }: { options: CategoryOption[]; defaultParentId: string }) {
  const { t } = useTranslation('catalog')
  const result = useIntentResult('create')
  const errorsOf = useFieldErrors(result.fieldErrors, 'catalog')
  return (
    <Card aria-labelledby="category-create-title">
      <CardTitle id="category-create-title" className="mb-4">
        {t('categories.createTitle')}
      </CardTitle>
      <Form method="post" noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="create" />
        <FormError error={result.formError} />
        <Field
          label={t('categories.fields.slug')}
          name="id"
          required
          maxLength={CATEGORY_SLUG_MAX}
          pattern="[a-z0-9-]+"
          autoComplete="off"
          hint={t('categories.hints.slug')}
          errors={errorsOf('id')}
        />
        <ParentSelect options={options} defaultValue={defaultParentId} errors={errorsOf('parentId')} />
        <NameFields errorsOf={errorsOf} />
        <div>
          <Button type="submit">{t('categories.create')}</Button>
        </div>
      </Form>
    </Card>
  )
}

/** Renames, moves or deletes one category; it takes the focus when it opens. */
export function CategoryEditor({ category, parentOptions }: { category: EditedCategory; parentOptions: CategoryOption[] }) {
  const { t } = useTranslation('catalog')
  const format = useFormatter()
  const heading = useRef<HTMLHeadingElement>(null)
  const renamed = useIntentResult('rename')
  const moved = useIntentResult('move')
  const deleted = useIntentResult('delete')
  const renameErrors = useFieldErrors(renamed.fieldErrors, 'catalog')
  const moveErrors = useFieldErrors(moved.fieldErrors, 'catalog')
  const deletable = category.childCount === 0 && category.productCount === 0

  useEffect(() => heading.current?.focus(), [])

  return (
    <Card aria-labelledby="category-edit-title" className="lg:sticky lg:top-4">
      <CardTitle id="category-edit-title" ref={heading} tabIndex={-1} className="outline-none">
        {t('categories.editTitle', { name: category.nameEn })}
      </CardTitle>
      <CardDescription className="mb-4">
        <code>{category.id}</code> · {t('categories.productCount', { count: format.number(category.productCount) })} ·{' '}
        {t('categories.childCount', { count: format.number(category.childCount) })}
      </CardDescription>
      <div className="flex flex-col gap-6">
        <Form method="post" noValidate className="flex flex-col gap-4" aria-labelledby="category-rename-title">
          <h3 id="category-rename-title" className="font-medium">
            {t('categories.renameTitle')}
          </h3>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={category.id} />
          <FormError error={renamed.formError} />
          <NameFields names={category} errorsOf={renameErrors} />
          <div>
            <Button type="submit">{t('categories.rename')}</Button>
          </div>
        </Form>
        <Form method="post" noValidate className="flex flex-col gap-4" aria-labelledby="category-move-title">
          <h3 id="category-move-title" className="font-medium">
            {t('categories.moveTitle')}
          </h3>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={category.id} />
          <FormError error={moved.formError} />
          <ParentSelect options={parentOptions} defaultValue={category.parentId ?? ''} errors={moveErrors('parentId')} />
          <div>
            <Button type="submit" variant="secondary">
              {t('categories.move')}
            </Button>
          </div>
        </Form>
        <Form method="post" className="flex flex-col gap-2" aria-labelledby="category-delete-title">
          <h3 id="category-delete-title" className="font-medium">
            {t('categories.deleteTitle')}
          </h3>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={category.id} />
          <FormError error={deleted.formError} />
          <p className="text-sm text-muted-foreground">{deletable ? t('categories.deleteHint') : t('categories.deleteBlockedHint')}</p>
          <div>
            <Button type="submit" variant="danger">
              {t('categories.delete')}
            </Button>
          </div>
        </Form>
        <Link to="?" className="text-sm text-primary underline">
          {t('categories.closeEditor')}
        </Link>
      </div>
    </Card>
  )
}
