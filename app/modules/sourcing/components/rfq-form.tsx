import { Form, Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { SupplierSelector } from './supplier-selector'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { INCOTERMS } from '../../../platform/trade-terms'
import { useUnitName } from '../../catalog/index'
import type { RfqFormLine, RfqFormValues } from '../rfq.inputs'
import { RFQ_VISIBILITIES } from '../sourcing.constants'

/** Blank rows offered for lines written on the RFQ (more after saving). */
const BLANK_ROWS = 3
const blankLine: RfqFormLine = { requirementId: '', title: '', specification: '', quantity: '', unit: 'pcs', targetUnitPrice: '' }

type Choice = { id: string; label: string }

type RfqFormProps = {
  locale: Locale
  /** The page the "project" chooser reloads (without locale). */
  pagePath: string
  /** Where "Back" goes (without locale). */
  backPath: string
  projects: Array<{ id: string; number: string; name: string }>
  /** Open requirements of the chosen project. */
  requirements: Array<{ id: string; title: string; quantity: number; unit: string }>
  suppliers: Array<{ id: string; name: string; country: string | null }>
  attachmentFiles: Array<{ id: string; name: string }>
  values: RfqFormValues
  /** Public buying requests fix the visibility; RFQs let the buyer choose. */
  fixedVisibility?: 'public'
  draft: { id: string; version: number } | null
  /** Set when creating: made when the form was rendered, so a resubmitted form creates one RFQ. */
  idempotencyKey?: string | undefined
  fieldErrors?: Record<string, string[]> | undefined
  formError?: { message: string } | undefined
}

/** Creates or edits a draft RFQ: project, requirements, free lines, terms, invitees, attachments (texts from `rfqs`). */
export function RfqForm({
  locale,
  pagePath,
  backPath,
  projects,
  requirements,
  suppliers,
  attachmentFiles,
  values,
  fixedVisibility,
  draft,
  idempotencyKey,
  fieldErrors,
  formError,
}: RfqFormProps) {
  const { t } = useTranslation('rfqs')
  const format = useFormatter()
  const unitName = useUnitName()
  const errorsOf = (name: string) => fieldErrors?.[name]?.map((key) => t(key))
  const prefixErrors = (prefix: string) =>
    Object.entries(fieldErrors ?? {})
      .filter(([name]) => name === prefix || name.startsWith(`${prefix}.`))
      .flatMap(([, keys]) => keys.map((key) => t(key)))
  const lines = [...values.lines, ...Array.from({ length: BLANK_ROWS }, () => blankLine)]
  const supplierChoices: Choice[] = suppliers.map((supplier) => ({
    id: supplier.id,
    label: supplier.country ? `${supplier.name} (${supplier.country})` : supplier.name,
  }))
  return (
    <div className="flex flex-col gap-6">
      {formError ? <Alert tone="error">{formError.message}</Alert> : null}
      {draft ? null : (
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{fixedVisibility ? t('publish.projectOptional') : t('form.project')}</CardTitle>
          <Form method="get" action={localizePath(locale, pagePath)} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="new" value="1" />
            <FormField label={t('form.project')} hint={t('form.projectHint')} className="min-w-64 flex-1">
              {(control) => (
                <NativeSelect name="project" defaultValue={values.projectId} {...control}>
                  <option value="">{t('form.noProject')}</option>
                  {projects.map((project) => (
                    <option key={project.id} value={project.id}>
                      {project.number} · {project.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" variant="secondary">
              {t('form.chooseProject')}
            </Button>
          </Form>
        </Card>
      )}
      <Form method="post" className="flex flex-col gap-6" noValidate>
        <input type="hidden" name="projectId" value={values.projectId} />
        {draft ? <input type="hidden" name="version" value={draft.version} /> : null}
        <IdempotencyField value={idempotencyKey} />
        {fixedVisibility ? <input type="hidden" name="visibility" value={fixedVisibility} /> : null}

        {values.projectId && !draft ? (
          <Card className="p-6">
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-lg font-semibold">{t('form.requirements')}</legend>
              <p className="text-sm text-muted-foreground">{t('form.requirementsHint')}</p>
              {requirements.length === 0 ? <p className="text-sm">{t('form.noRequirements')}</p> : null}
              <ul className="flex flex-col gap-2">
                {requirements.map((requirement) => (
                  <li key={requirement.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="requirementIds"
                        value={requirement.id}
                        defaultChecked={values.requirementIds.includes(requirement.id)}
                        className="size-4"
                      />
                      {t('form.requirementLabel', {
                        title: requirement.title,
                        quantity: format.number(requirement.quantity),
                        unit: unitName(requirement.unit, requirement.quantity),
                      })}
                    </label>
                  </li>
                ))}
              </ul>
              {prefixErrors('requirementIds').length ? (
                <p className="text-xs text-destructive" role="alert">
                  {prefixErrors('requirementIds').join(' ')}
                </p>
              ) : null}
            </fieldset>
          </Card>
        ) : null}

        <Card className="flex flex-col gap-4 p-6">
          <CardTitle>{t('form.terms')}</CardTitle>
          <FormField label={t('form.titleField')} errors={errorsOf('title')}>
            {(control) => <Input name="title" defaultValue={values.title} maxLength={200} required {...control} />}
          </FormField>
          <FormField label={t('form.descriptionField')} errors={errorsOf('description')}>
            {(control) => <Textarea name="description" defaultValue={values.description} maxLength={8000} rows={4} {...control} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FormField label={t('form.deadline')} hint={t('form.deadlineHint')} errors={errorsOf('quoteDeadline')}>
              {(control) => <Input type="datetime-local" name="quoteDeadline" defaultValue={values.quoteDeadline} required {...control} />}
            </FormField>
            <FormField label={t('form.currency')} errors={errorsOf('currency')}>
              {(control) => <Input name="currency" defaultValue={values.currency} maxLength={3} autoComplete="off" required {...control} />}
            </FormField>
            <FormField label={t('form.incoterm')} errors={errorsOf('incoterm')}>
              {(control) => (
                <NativeSelect name="incoterm" defaultValue={values.incoterm} {...control}>
                  {INCOTERMS.map((incoterm) => (
                    <option key={incoterm} value={incoterm}>
                      {incoterm}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('form.incotermPlace')} errors={errorsOf('incotermPlace')}>
              {(control) => <Input name="incotermPlace" defaultValue={values.incotermPlace} maxLength={120} required {...control} />}
            </FormField>
            <FormField label={t('form.deliveryDate')} errors={errorsOf('deliveryDate')}>
              {(control) => <Input type="date" name="deliveryDate" defaultValue={values.deliveryDate} {...control} />}
            </FormField>
            <FormField label={t('form.destination')} errors={errorsOf('destination')}>
              {(control) => <Input name="destination" defaultValue={values.destination} maxLength={300} {...control} />}
            </FormField>
          </div>
          {fixedVisibility ? null : (
            <FormField label={t('form.visibilityField')} errors={errorsOf('visibility')}>
              {(control) => (
                <NativeSelect name="visibility" defaultValue={values.visibility} {...control}>
                  {RFQ_VISIBILITIES.map((visibility) => (
                    <option key={visibility} value={visibility}>
                      {t(`visibility.${visibility}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="sealed" defaultChecked={values.sealed} className="size-4" />
            {t('form.sealed')}
          </label>
        </Card>

        <Card className="p-6">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold">{draft ? t('form.existingLines') : t('form.lines')}</legend>
            <p className="text-sm text-muted-foreground">{t('form.linesHint')}</p>
            {prefixErrors('lines').length && !Object.keys(fieldErrors ?? {}).some((name) => /^lines\.\d+\./.test(name)) ? (
              <p className="text-xs text-destructive" role="alert">
                {prefixErrors('lines').join(' ')}
              </p>
            ) : null}
            <ol className="flex flex-col gap-4">
              {lines.map((line, index) => (
                <li key={index} className="grid gap-3 border-b border-border pb-4 last:border-b-0 sm:grid-cols-[2fr_2fr_1fr_1fr_1fr]">
                  <input type="hidden" name={`lines.${index}.requirementId`} value={line.requirementId} />
                  <FormField label={`${t('form.lineTitle')} · ${t('form.lineRow', { index: String(index + 1) })}`} errors={errorsOf(`lines.${index}.title`)}>
                    {(control) => <Input name={`lines.${index}.title`} defaultValue={line.title} maxLength={300} {...control} />}
                  </FormField>
                  <FormField label={t('form.lineSpecification')} errors={errorsOf(`lines.${index}.specification`)}>
                    {(control) => <Input name={`lines.${index}.specification`} defaultValue={line.specification} maxLength={4000} {...control} />}
                  </FormField>
                  <FormField label={t('form.lineQuantity')} errors={errorsOf(`lines.${index}.quantity`)}>
                    {(control) => (
                      <Input type="number" min={1} step={1} inputMode="numeric" name={`lines.${index}.quantity`} defaultValue={line.quantity} {...control} />
                    )}
                  </FormField>
                  <FormField label={t('form.lineUnit')} errors={errorsOf(`lines.${index}.unit`)}>
                    {(control) => <Input name={`lines.${index}.unit`} defaultValue={line.unit} maxLength={20} {...control} />}
                  </FormField>
                  <FormField label={t('form.lineTarget')} errors={errorsOf(`lines.${index}.targetUnitPrice`)}>
                    {(control) => <Input inputMode="decimal" name={`lines.${index}.targetUnitPrice`} defaultValue={line.targetUnitPrice} {...control} />}
                  </FormField>
                </li>
              ))}
            </ol>
          </fieldset>
        </Card>

        <Card className="p-6">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold">{t('form.suppliers')}</legend>
            <p className="text-sm text-muted-foreground">{t('form.suppliersHint')}</p>
            {supplierChoices.length === 0 ? <p className="text-sm">{t('form.noSuppliersYet')}</p> : null}
            <ul className="grid gap-2 sm:grid-cols-2">
              {supplierChoices.map((supplier) => (
                <li key={supplier.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="supplierIds"
                      value={supplier.id}
                      defaultChecked={values.supplierIds.includes(supplier.id)}
                      className="size-4"
                    />
                    {supplier.label}
                  </label>
                </li>
              ))}
            </ul>
            {/* Suppliers found here are invited too, and join the project's shortlist when the RFQ is saved. */}
            <SupplierSelector
              name="supplierIds"
              label={t('form.inviteMore')}
              hint={values.projectId ? t('form.inviteMoreHint') : t('form.inviteMoreNoProject')}
              excludeIds={suppliers.map((supplier) => supplier.id)}
            />
            {prefixErrors('supplierIds').length ? (
              <p className="text-xs text-destructive" role="alert">
                {prefixErrors('supplierIds').join(' ')}
              </p>
            ) : null}
          </fieldset>
        </Card>

        <Card className="p-6">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold">{t('form.attachments')}</legend>
            {attachmentFiles.length === 0 ? <p className="text-sm text-muted-foreground">{t('form.noAttachments')}</p> : null}
            <ul className="grid gap-2 sm:grid-cols-2">
              {attachmentFiles.map((file) => (
                <li key={file.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="attachmentFileIds"
                      value={file.id}
                      defaultChecked={values.attachmentFileIds.includes(file.id)}
                      className="size-4"
                    />
                    {file.name}
                  </label>
                </li>
              ))}
            </ul>
            {prefixErrors('attachmentFileIds').length ? (
              <p className="text-xs text-destructive" role="alert">
                {prefixErrors('attachmentFileIds').join(' ')}
              </p>
            ) : null}
          </fieldset>
        </Card>

        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('form.save')}</Button>
          <Link to={localizePath(locale, backPath)} className={buttonClasses('ghost')}>
            {t('form.cancel')}
          </Link>
        </div>
      </Form>
    </div>
  )
}
