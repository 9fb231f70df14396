import { Form, Link } from 'react-router'
import { FormError, type FormErrorData, useFieldErrors } from '../../../components/form-error'
import { Button, buttonClasses } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { ADJUSTMENT_REASONS } from '../inventory.constants'
import { MAX_MOVEMENT_QUANTITY } from '../stock.inputs'

export type MoveIntent = 'issue' | 'adjust' | 'transfer'

/** What a refused movement post sent back, for its form. */
export type MoveFailure = { intent: MoveIntent; fieldErrors: Record<string, string[]>; formError?: FormErrorData; values: Record<string, string> }

type StockMovePanelProps = {
  level: { id: string; sku: string; description: string; unit: string; available: number }
  /** The company's other active warehouses, to transfer to. */
  targets: Array<{ id: string; code: string; name: string }>
  closeHref: string
  failure?: MoveFailure
}

/** Issue, adjust and transfer one item, each a small form of its own (texts from `inventory`). */
export function StockMovePanel({ level, targets, closeHref, failure }: StockMovePanelProps) {
  const { t } = useTranslation('inventory')
  const format = useFormatter()
  const item = level.sku ? `${level.sku} · ${level.description}` : level.description
  const errorsOf = (intent: MoveIntent) => (failure?.intent === intent ? failure : undefined)
  return (
    <section id="move" aria-labelledby="move-title" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="move-title" className="text-lg font-medium break-words">
            {t('move.title', { item })}
          </h2>
          <p className="text-sm text-muted-foreground">{t('move.available', { count: format.number(level.available), unit: level.unit })}</p>
        </div>
        <Link to={closeHref} className={buttonClasses('ghost', undefined, 'sm')}>
          {t('move.close')}
        </Link>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <MoveForm
          intent="issue"
          levelId={level.id}
          title={t('move.issue.title')}
          hint={t('move.issue.hint')}
          submit={t('move.issue.submit')}
          failure={errorsOf('issue')}
        >
          {(fieldError, values) => (
            <QuantityField label={t('move.quantity')} min={1} max={Math.max(1, level.available)} errors={fieldError('quantity')} value={values.quantity} />
          )}
        </MoveForm>
        <MoveForm intent="adjust" levelId={level.id} title={t('move.adjust.title')} submit={t('move.adjust.submit')} failure={errorsOf('adjust')}>
          {(fieldError, values) => (
            <>
              <QuantityField
                label={t('move.adjust.quantity')}
                hint={t('move.adjust.hint')}
                min={-MAX_MOVEMENT_QUANTITY}
                max={MAX_MOVEMENT_QUANTITY}
                errors={fieldError('quantity')}
                value={values.quantity}
              />
              <FormField label={t('move.adjust.reason')} errors={fieldError('reason')}>
                {(control) => (
                  <NativeSelect name="reason" required defaultValue={values.reason ?? ''} {...control}>
                    <option value="" disabled>
                      {t('move.adjust.chooseReason')}
                    </option>
                    {ADJUSTMENT_REASONS.map((reason) => (
                      <option key={reason} value={reason}>
                        {t(`reasons.${reason}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </>
          )}
        </MoveForm>
        <MoveForm
          intent="transfer"
          levelId={level.id}
          title={t('move.transfer.title')}
          submit={t('move.transfer.submit')}
          failure={errorsOf('transfer')}
          disabled={targets.length === 0}
        >
          {(fieldError, values) =>
            targets.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('move.transfer.noTarget')}</p>
            ) : (
              <>
                <FormField label={t('move.transfer.to')} errors={fieldError('toWarehouseId')}>
                  {(control) => (
                    <NativeSelect name="toWarehouseId" required defaultValue={values.toWarehouseId ?? ''} {...control}>
                      <option value="" disabled>
                        {t('move.transfer.chooseTarget')}
                      </option>
                      {targets.map((target) => (
                        <option key={target.id} value={target.id}>
                          {target.code} · {target.name}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <QuantityField label={t('move.quantity')} min={1} max={Math.max(1, level.available)} errors={fieldError('quantity')} value={values.quantity} />
              </>
            )
          }
        </MoveForm>
      </div>
    </section>
  )
}

type FieldErrorOf = (field: string) => string[] | undefined

function MoveForm({
  intent,
  levelId,
  title,
  hint,
  submit,
  failure,
  disabled = false,
  children,
}: {
  intent: MoveIntent
  levelId: string
  title: string
  hint?: string
  submit: string
  failure: MoveFailure | undefined
  disabled?: boolean
  children: (fieldError: FieldErrorOf, values: Record<string, string>) => React.ReactNode
}) {
  const { t } = useTranslation('inventory')
  const fieldError = useFieldErrors(failure?.fieldErrors, 'inventory')
  const values = failure?.values ?? {}
  const titleId = `move-${intent}-title`
  return (
    <Form method="post" aria-labelledby={titleId} className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div>
        <h3 id={titleId} className="font-medium">
          {title}
        </h3>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="levelId" value={levelId} />
      <FormError error={failure?.formError} />
      {children(fieldError, values)}
      <FormField label={t('move.note')} errors={fieldError('note')}>
        {(control) => <Input name="note" maxLength={500} defaultValue={values.note ?? ''} disabled={disabled} {...control} />}
      </FormField>
      <Button type="submit" variant="secondary" disabled={disabled}>
        {submit}
      </Button>
    </Form>
  )
}

function QuantityField({
  label,
  hint,
  min,
  max,
  errors,
  value,
}: {
  label: string
  hint?: string
  min: number
  max: number
  errors: string[] | undefined
  value: string | undefined
}) {
  return (
    <FormField label={label} hint={hint} errors={errors}>
      {(control) => <Input type="number" name="quantity" required min={min} max={max} step={1} defaultValue={value ?? ''} inputMode="numeric" {...control} />}
    </FormField>
  )
}
