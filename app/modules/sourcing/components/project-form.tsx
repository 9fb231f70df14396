import { Form } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'

export type ProjectFormValues = { name: string; description: string; currency: string; budget: string; deadline: string }

type ProjectFormProps = {
  values: ProjectFormValues
  /** Set when editing: the version the form was loaded at. */
  version?: number
  /** Set when creating: made when the form was rendered, so a resubmitted form creates one project. */
  idempotencyKey?: string
  fieldErrors?: Record<string, string[]> | undefined
  formError?: FormErrorData
  submitLabel: string
}

/** The terms of a purchase project (texts and field errors from `projects`). */
export function ProjectForm({ values, version, idempotencyKey, fieldErrors, formError, submitLabel }: ProjectFormProps) {
  const { t } = useTranslation('projects')
  const errors = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  return (
    <Card className="p-6">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormError error={formError} /> : null}
        {version ? <input type="hidden" name="version" value={version} /> : null}
        <IdempotencyField value={idempotencyKey} />
        <FormField label={t('form.name')} errors={errors('name')}>
          {(control) => <Input name="name" defaultValue={values.name} required maxLength={200} {...control} />}
        </FormField>
        <FormField label={t('form.description')} hint={t('form.descriptionHint')} errors={errors('description')}>
          {(control) => <Textarea name="description" defaultValue={values.description} maxLength={4000} {...control} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('form.currency')} hint={t('form.currencyHint')} errors={errors('currency')}>
            {(control) => (
              <Input name="currency" defaultValue={values.currency} required maxLength={3} autoCapitalize="characters" className="uppercase" {...control} />
            )}
          </FormField>
          <FormField label={t('form.budget')} errors={errors('budget')}>
            {(control) => <Input name="budget" defaultValue={values.budget} inputMode="decimal" {...control} />}
          </FormField>
          <FormField label={t('form.deadline')} errors={errors('deadline')}>
            {(control) => <Input type="date" name="deadline" defaultValue={values.deadline} {...control} />}
          </FormField>
        </div>
        <div>
          <Button type="submit">{submitLabel}</Button>
        </div>
      </Form>
    </Card>
  )
}
