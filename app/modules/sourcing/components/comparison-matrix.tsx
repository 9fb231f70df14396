import { AlertTriangle, Award } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from '../../catalog/index'
import type { Comparison, ComparisonCell, ComparisonLine, ComparisonSupplier } from '../comparison.service.server'
import { awardFieldNames } from '../award.inputs'
import { COST_COMPONENTS } from '../landed-cost'
import { ComparisonStatusBadge } from './comparison-status-badge'
import type { AwardSelectionState } from './use-award-selection'

export type OpenComparison = Extract<Comparison, { sealed: false }>

type MatrixProps = {
  comparison: OpenComparison
  /** The award form the checkboxes and radios belong to (they sit in the table, the form below it). */
  awardFormId: string
  /** Field errors of the last award, by RFQ line id (already translated). */
  lineErrors: Record<string, string[]>
  selection: AwardSelectionState
}

const AWARDABLE = new Set(['submitted', 'accepted'])

/**
 * Lines × suppliers: per cell the landed unit cost and line total in the comparison's currency, the quoted unit price,
 * how each cost component was arrived at, warnings and the best offer (icon and words, not colour alone). Per row a
 * checkbox says whether the line is awarded now (unticked at first) and a radio which offer wins it (the best at
 * first); the footer gives each supplier's total and ticks every line it priced.
 */
export function ComparisonMatrix({ comparison, awardFormId, lineErrors, selection }: MatrixProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  const { suppliers, lines, currency } = comparison
  const supplierName = (quotationId: string) => suppliers.find((supplier) => supplier.quotationId === quotationId)?.supplierName ?? ''

  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption>{t('matrix.caption', { number: comparison.rfq.number, currency })}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('matrix.line')}</TableHead>
            {suppliers.map((supplier) => (
              <TableHead key={supplier.quotationId} className="min-w-56 align-top">
                <SupplierHeading supplier={supplier} />
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableHead scope="row" className="min-w-48 align-top font-normal">
                <LineHeading
                  line={line}
                  awardFormId={awardFormId}
                  supplierName={supplierName}
                  errors={lineErrors[line.id]}
                  selection={selection}
                  offered={suppliers.some((supplier) => AWARDABLE.has(supplier.status) && line.cells[supplier.quotationId])}
                />
              </TableHead>
              {suppliers.map((supplier) => (
                <TableCell key={supplier.quotationId} className={line.cells[supplier.quotationId]?.best ? 'bg-status-accept-bg/40 align-top' : 'align-top'}>
                  <MatrixCell
                    line={line}
                    supplier={supplier}
                    cell={line.cells[supplier.quotationId]}
                    currency={currency}
                    awardFormId={awardFormId}
                    selection={selection}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableHead scope="row">{t('matrix.total')}</TableHead>
            {suppliers.map((supplier) => (
              <TableCell key={supplier.quotationId} className="align-top">
                <div className="flex flex-col gap-1">
                  <span className="font-semibold">
                    {supplier.total === null ? t('matrix.noRate', { currency: supplier.missingRate ?? '' }) : format.money(supplier.total, currency)}
                  </span>
                  <span className="text-xs text-muted-foreground">{t('matrix.pricedLines', { count: supplier.pricedLines, total: lines.length })}</span>
                  {AWARDABLE.has(supplier.status) && lines.some((line) => !line.award && line.cells[supplier.quotationId]) ? (
                    <Button type="button" onClick={() => selection.takeAllOf(supplier.quotationId)} variant="secondary" size="sm">
                      {t('award.takeAll', { supplier: supplier.supplierName })}
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  )
}

function SupplierHeading({ supplier }: { supplier: ComparisonSupplier }) {
  const { t } = useTranslation('comparison')
  return (
    <div className="flex flex-col gap-1 py-1">
      <span className="font-semibold">{supplier.supplierName}</span>
      <ComparisonStatusBadge status={supplier.status} />
      <span className="text-xs font-normal text-muted-foreground">
        {t('matrix.terms', { currency: supplier.currency, incoterm: supplier.incoterm, place: supplier.incotermPlace })}
      </span>
      {supplier.missingRate ? (
        <span className="flex items-center gap-1 text-xs font-normal text-status-reject">
          <AlertTriangle aria-hidden="true" className="size-3" />
          {t('matrix.missingRate', { currency: supplier.missingRate })}
        </span>
      ) : null}
    </div>
  )
}

type LineHeadingProps = {
  line: ComparisonLine
  awardFormId: string
  supplierName: (quotationId: string) => string
  errors: string[] | undefined
  selection: AwardSelectionState
  offered: boolean
}

function LineHeading({ line, awardFormId, supplierName, errors, selection, offered }: LineHeadingProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  const unitName = useUnitName()
  return (
    <div className="flex flex-col gap-1 py-1">
      <span className="font-medium">{line.title}</span>
      <span className="text-xs text-muted-foreground">
        {t('matrix.quantity', { quantity: format.number(line.quantity), unit: unitName(line.unit, line.quantity) })}
      </span>
      {line.requiredBy ? <span className="text-xs text-muted-foreground">{t('matrix.requiredBy', { date: format.date(line.requiredBy) })}</span> : null}
      {line.award ? (
        <span className="text-xs text-status-accept">{t('award.awardedTo', { supplier: supplierName(line.award.quotationId) })}</span>
      ) : offered ? (
        <label className="flex items-center gap-2 text-xs font-medium">
          <input
            type="checkbox"
            form={awardFormId}
            name={awardFieldNames(line.id).include}
            checked={selection.included.has(line.id)}
            onChange={(event) => selection.toggle(line.id, event.currentTarget.checked)}
            aria-label={t('award.include', { line: line.title })}
          />
          {t('award.includeShort')}
        </label>
      ) : (
        <span className="text-xs text-muted-foreground">{t('award.noOffer')}</span>
      )}
      {errors?.length ? (
        <p className="text-xs text-destructive" role="alert">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

type CellProps = {
  line: ComparisonLine
  supplier: ComparisonSupplier
  cell: ComparisonCell | undefined
  currency: string
  awardFormId: string
  selection: AwardSelectionState
}

function MatrixCell({ line, supplier, cell, currency, awardFormId, selection }: CellProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  if (!cell) return <span className="text-sm text-muted-foreground">{t('matrix.notQuoted')}</span>
  const awardable = !line.award && AWARDABLE.has(supplier.status)
  return (
    <div className="flex flex-col gap-1 text-sm">
      {cell.best ? (
        <span className="flex items-center gap-1 text-xs font-semibold text-status-accept">
          <Award aria-hidden="true" className="size-3" />
          {t('matrix.best')}
        </span>
      ) : null}
      {cell.landedUnit !== null && cell.landedTotal !== null ? (
        <>
          <span className="font-semibold">{t('matrix.landedUnit', { amount: format.money(cell.landedUnit, currency) })}</span>
          <span>{t('matrix.landedTotal', { amount: format.money(cell.landedTotal, currency) })}</span>
        </>
      ) : (
        <span className="text-status-reject">{t('matrix.notComparable')}</span>
      )}
      <span className="text-xs text-muted-foreground">{t('matrix.unitPrice', { amount: format.money(cell.unitPrice, supplier.currency) })}</span>
      <span className="text-xs text-muted-foreground">{t('matrix.moqLead', { moq: format.number(cell.moq), days: format.number(cell.leadTimeDays) })}</span>
      {cell.moqWarning ? <Warning text={t('matrix.moqWarning', { moq: format.number(cell.moq), quantity: format.number(line.quantity) })} /> : null}
      {cell.leadTimeWarning ? <Warning text={t('matrix.leadTimeWarning', { days: format.number(cell.leadTimeDays) })} /> : null}
      {cell.components ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-primary">{t('matrix.breakdown')}</summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2">
            <dt>{t('components.goods')}</dt>
            <dd>{cell.goods === null ? '' : format.money(cell.goods, currency)}</dd>
            {COST_COMPONENTS.map((name) => (
              <div key={name} className="contents">
                <dt>{t(`components.${name}`)}</dt>
                <dd>{t(`basis.${cell.components![name].basis}`, { amount: format.money(cell.components![name].amount, currency) })}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {cell.alternative ? (
        <p className="text-xs">
          {cell.alternative.unitPrice
            ? t('matrix.alternativePriced', { description: cell.alternative.description, amount: format.money(cell.alternative.unitPrice, supplier.currency) })
            : t('matrix.alternative', { description: cell.alternative.description })}
        </p>
      ) : null}
      {cell.note ? <p className="text-xs text-muted-foreground">{cell.note}</p> : null}
      {awardable ? (
        <label className="mt-1 flex items-center gap-2 text-xs font-medium">
          <input
            type="radio"
            form={awardFormId}
            name={awardFieldNames(line.id).offer}
            value={supplier.quotationId}
            checked={selection.offers[line.id] === supplier.quotationId}
            onChange={() => selection.choose(line.id, supplier.quotationId)}
          />
          {t('award.choose', { supplier: supplier.supplierName })}
        </label>
      ) : null}
    </div>
  )
}

function Warning({ text }: { text: string }) {
  return (
    <span className="flex items-center gap-1 text-xs text-status-pending">
      <AlertTriangle aria-hidden="true" className="size-3" />
      {text}
    </span>
  )
}
