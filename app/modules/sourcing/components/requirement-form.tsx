import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'

export type RequirementFormValues = {
  projectId: string
  title: string
  specification: string
  categoryId: string
  hsCode: string
  quantity: string
  unit: string
  targetUnitPrice: string
  targetCurrency: string
  requiredBy: string
  destination: string
  attachmentFileIds: string[]
}

type RequirementFormProps = {
  values: RequirementFormValues
  projects: Array<{ id: string; number: string; name: string }>
  categories: Array<{ id: string; name: string; depth: number }>
  attachmentFiles: Array<{ id: string; name: string }>
  /** Where HS code suggestions are loaded from (`?hsq=` on the page's own loader). */
  hsLookupPath: string
  /** Set when editing an existing requirement. */
  version?: number
  /** Set when creating: made when the form was rendered, so a resubmitted form creates one requirement. */
  idempotencyKey?: string
  fieldErrors?: Record<string, string[]> | undefined
  formError?: FormErrorData
  submitLabel: string
}

type HsSuggestions = { hsCodes?: Array<{ code: string; description: string }> }

/** A requirement's fields (texts and field errors from `projects`); HS codes are suggested as the buyer types. */
export function RequirementForm({
  values,
  projects,
  categories,
  attachmentFiles,
  hsLookupPath,
  version,
  idempotencyKey,
  fieldErrors,
  formError,
  submitLabel,
}: RequirementFormProps) {
  const { t } = useTranslation('projects')
  // A searchable choice among the whole category tree: each option names its path ("Home & Garden › Lighting").
  const categoryOptions = useMemo<ComboboxOption[]>(() => {
    const path: string[] = []
    return [
      { value: '', label: t('requirements.form.noCategory') },
      ...categories.map((category) => {
        path.length = category.depth
        path.push(category.name)
        return { value: category.id, label: path.join(' › '), keywords: [category.name] }
      }),
    ]
  }, [categories, t])
  const [categoryId, setCategoryId] = useState(values.categoryId)
  const errors = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  const attachmentErrors = Object.entries(fieldErrors ?? {})
    .filter(([name]) => name.startsWith('attachmentFileIds'))
    .flatMap(([, keys]) => keys.map((key) => t(key)))
  const suggestions = useFetcher<HsSuggestions>()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const listId = useId()
  useEffect(() => () => clearTimeout(timer.current), [])
  /** Suggestions a moment after the buyer stops typing (two characters at least). */
  const lookUp = (value: string) => {
    clearTimeout(timer.current)
    const term = value.trim()
    if (term.length < 2) return
    timer.current = setTimeout(() => void suggestions.load(`${hsLookupPath}?hsq=${encodeURIComponent(term)}`), 250)
  }
  return (
    <Card className="p-6">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormError error={formError} /> : null}
        {version ? <input type="hidden" name="version" value={version} /> : null}
        <IdempotencyField value={idempotencyKey} />
        {version ? (
          <input type="hidden" name="projectId" value={values.projectId} />
        ) : (
          <FormField label={t('requirements.form.project')} errors={errors('projectId')}>
            {(control) => (
              <NativeSelect name="projectId" defaultValue={values.projectId} required {...control}>
                <option value="">{t('requirements.form.chooseProject')}</option>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.number} · {project.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}
        <FormField label={t('requirements.form.title')} errors={errors('title')}>
          {(control) => <Input name="title" defaultValue={values.title} required maxLength={200} {...control} />}
        </FormField>
        <FormField label={t('requirements.form.specification')} hint={t('requirements.form.specificationHint')} errors={errors('specification')}>
          {(control) => <Textarea name="specification" defaultValue={values.specification} maxLength={4000} {...control} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('requirements.form.category')} errors={errors('categoryId')}>
            {(control) => (
              <Combobox
                name="categoryId"
                options={categoryOptions}
                value={categoryOptions.find((option) => option.value === categoryId) ?? null}
                onChange={(option) => setCategoryId(option.value)}
                placeholder={t('requirements.form.noCategory')}
                searchLabel={t('requirements.form.searchCategories')}
                emptyMessage={t('requirements.form.noCategoryMatch')}
                {...control}
              />
            )}
          </FormField>
          <FormField label={t('requirements.form.hsCode')} hint={t('requirements.form.hsCodeHint')} errors={errors('hsCode')}>
            {(control) => (
              <Input
                name="hsCode"
                defaultValue={values.hsCode}
                list={listId}
                autoComplete="off"
                maxLength={20}
                onChange={(event) => lookUp(event.currentTarget.value)}
                {...control}
              />
            )}
          </FormField>
          <datalist id={listId}>
            {(suggestions.data?.hsCodes ?? []).map((code) => (
              <option key={code.code} value={code.code}>
                {code.description}
              </option>
            ))}
          </datalist>
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <FormField label={t('requirements.form.quantity')} errors={errors('quantity')}>
            {(control) => <Input name="quantity" defaultValue={values.quantity} inputMode="numeric" required {...control} />}
          </FormField>
          <FormField label={t('requirements.form.unit')} hint={t('requirements.form.unitHint')} errors={errors('unit')}>
            {(control) => <Input name="unit" defaultValue={values.unit} required maxLength={20} {...control} />}
          </FormField>
          <FormField label={t('requirements.form.targetUnitPrice')} errors={errors('targetUnitPrice')}>
            {(control) => <Input name="targetUnitPrice" defaultValue={values.targetUnitPrice} inputMode="decimal" {...control} />}
          </FormField>
          <FormField label={t('requirements.form.targetCurrency')} errors={errors('targetCurrency')}>
            {(control) => <Input name="targetCurrency" defaultValue={values.targetCurrency} maxLength={3} className="uppercase" {...control} />}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('requirements.form.requiredBy')} errors={errors('requiredBy')}>
            {(control) => <Input type="date" name="requiredBy" defaultValue={values.requiredBy} {...control} />}
          </FormField>
          <FormField label={t('requirements.form.destination')} hint={t('requirements.form.destinationHint')} errors={errors('destination')}>
            {(control) => <Input name="destination" defaultValue={values.destination} maxLength={200} {...control} />}
          </FormField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('requirements.form.attachments')}</legend>
          {attachmentFiles.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('requirements.form.noAttachments')}</p>
          ) : (
            attachmentFiles.map((file) => (
              <label key={file.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="attachmentFileIds" value={file.id} defaultChecked={values.attachmentFileIds.includes(file.id)} />
                {file.name}
              </label>
            ))
          )}
          {attachmentErrors.length > 0 ? (
            <p className="text-xs text-destructive" role="alert">
              {attachmentErrors.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </Form>
    </Card>
  )
}
