import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { useTranslation } from '../../../platform/i18n/react'
import type { AssumptionsSource } from '../landed-cost-settings.service.server'
import type { LandedCostAssumptions } from '../sourcing.constants'

const FIELDS = ['freightPct', 'insurancePct', 'dutyPct', 'originPct', 'destinationPct'] as const satisfies ReadonlyArray<keyof LandedCostAssumptions>

type AssumptionsFormProps = {
  assumptions: LandedCostAssumptions
  source: AssumptionsSource
  /** Admins and owners may also keep them as the company's default. */
  canSaveDefault: boolean
  fieldError: (field: string) => string[] | undefined
  busy: boolean
}

/** The percentages the comparison adds for what a quote's Incoterm leaves to the buyer, saved on the RFQ. */
export function ComparisonAssumptionsForm({ assumptions, source, canSaveDefault, fieldError, busy }: AssumptionsFormProps) {
  const { t } = useTranslation('comparison')
  return (
    <Form method="post" className="flex flex-col gap-4" aria-labelledby="comparison-assumptions-heading">
      <input type="hidden" name="intent" value="assumptions" />
      <p className="text-sm text-muted-foreground">{t(`assumptions.source.${source}`)}</p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {FIELDS.map((field) => (
          <FormField key={field} label={t(`assumptions.${field}`)} hint={t(`assumptions.hint.${field}`)} errors={fieldError(field)}>
            {(control) => <Input {...control} name={field} inputMode="decimal" defaultValue={assumptions[field]} required />}
          </FormField>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {canSaveDefault ? <Checkbox name="saveAsDefault" value="on" label={t('assumptions.saveAsDefault')} /> : null}
        <Button type="submit" disabled={busy}>
          {t('assumptions.save')}
        </Button>
      </div>
    </Form>
  )
}
