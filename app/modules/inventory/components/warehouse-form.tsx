import { Form, Link } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useTranslation } from '../../../platform/i18n/react'
import { WAREHOUSE_CODE_MAX } from '../warehouse.inputs'

/** The values the form shows: a warehouse being edited, or what a refused post sent back. */
export type WarehouseFormValues = { code: string; name: string; addressId: string; managerUserId: string; notes: string; publishAvailability: boolean }

export type WarehouseFormProps = {
  /** The warehouse being edited (null: a new one). */
  editing: { id: string; code: string } | null
  values: WarehouseFormValues
  addresses: Array<{ id: string; summary: string }>
  members: Array<{ userId: string; name: string }>
  fieldErrors?: Record<string, string[]>
  formError?: FormErrorData
  /** Where "Cancel" leads (the list without the edit). */
  cancelHref: string
}

/**
 * Opening or editing a warehouse: code, name, an address of the book, a member as manager, notes, and whether buyers see
 * its stock (texts from `inventory`).
 */
export function WarehouseForm({ editing, values, addresses, members, fieldErrors, formError, cancelHref }: WarehouseFormProps) {
  const { t } = useTranslation('inventory')
  const fieldError = useFieldErrors(fieldErrors, 'inventory')
  const publishErrors = fieldError('publishAvailability') ?? []
  return (
    <Form method="post" className="flex flex-col gap-4" aria-labelledby="warehouse-form-title">
      <h2 id="warehouse-form-title" className="text-lg font-medium">
        {editing ? t('form.editTitle', { code: editing.code }) : t('form.createTitle')}
      </h2>
      <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
      {editing ? <input type="hidden" name="warehouseId" value={editing.id} /> : null}
      <FormError error={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('form.code')} hint={t('form.codeHint')} errors={fieldError('code')}>
          {(control) => <Input name="code" required maxLength={WAREHOUSE_CODE_MAX} defaultValue={values.code} autoComplete="off" {...control} />}
        </FormField>
        <FormField label={t('form.name')} errors={fieldError('name')}>
          {(control) => <Input name="name" required maxLength={120} defaultValue={values.name} {...control} />}
        </FormField>
        <FormField label={t('form.address')} hint={t('form.addressHint')} errors={fieldError('addressId')}>
          {(control) => (
            <NativeSelect name="addressId" defaultValue={values.addressId} {...control}>
              <option value="">{t('form.noAddress')}</option>
              {addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {address.summary}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('form.manager')} errors={fieldError('managerUserId')}>
          {(control) => (
            <NativeSelect name="managerUserId" defaultValue={values.managerUserId} {...control}>
              <option value="">{t('form.noManager')}</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField label={t('form.notes')} hint={t('form.notesHint')} errors={fieldError('notes')}>
        {(control) => <Textarea name="notes" rows={2} maxLength={1000} defaultValue={values.notes} {...control} />}
      </FormField>
      <div className="flex flex-col gap-1">
        <Checkbox
          name="publishAvailability"
          defaultChecked={values.publishAvailability}
          label={t('form.publishAvailability')}
          aria-describedby={publishErrors.length > 0 ? 'warehouse-publish-hint warehouse-publish-error' : 'warehouse-publish-hint'}
          aria-invalid={publishErrors.length > 0 ? true : undefined}
        />
        <p id="warehouse-publish-hint" className="ps-6 text-xs text-muted-foreground">
          {t('form.publishAvailabilityHint')}
        </p>
        {publishErrors.length > 0 ? (
          <p id="warehouse-publish-error" className="ps-6 text-xs text-destructive" role="alert">
            {publishErrors.join(' ')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{editing ? t('form.save') : t('form.create')}</Button>
        {editing ? (
          <Link to={cancelHref} className={buttonClasses('secondary')}>
            {t('form.cancel')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
