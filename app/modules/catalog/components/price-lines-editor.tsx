import { Plus, Trash2 } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useTranslation } from '../../../platform/i18n/react'
import type { PriceListLine } from '../price-list.inputs'
import { displayUnitPrice, isDecimalText, type PriceBreak, priceFor } from '../pricing'

export type PriceableProduct = { id: string; sku: string; name: string }
type Row = { key: number; productId: string; minQuantity: string; unitPrice: string }

const blankRow = (key: number): Row => ({ key, productId: '', minQuantity: '', unitPrice: '' })

/** The rows' valid breaks of one product, for the preview. */
function breaksOf(rows: Row[], productId: string): PriceBreak[] {
  return rows
    .filter((row) => row.productId === productId && /^\d+$/.test(row.minQuantity) && Number(row.minQuantity) >= 1 && isDecimalText(row.unitPrice, 4))
    .map((row) => ({ minQuantity: Number(row.minQuantity), unitPrice: row.unitPrice }))
}

/** All quantity breaks of a list, edited as rows and saved at once; errors arrive per row as `lines.<index>.<field>`. */
export function PriceLinesEditor({
  lines,
  products,
  currency,
  fieldErrors,
}: {
  lines: PriceListLine[]
  products: PriceableProduct[]
  currency: string
  fieldErrors: Record<string, string[]>
}) {
  const { t } = useTranslation('pricing')
  const [rows, setRows] = useState<Row[]>(() => [
    ...lines.map((line, index) => ({
      key: index,
      productId: line.productId,
      minQuantity: String(line.minQuantity),
      unitPrice: displayUnitPrice(line.unitPrice, currency),
    })),
    blankRow(lines.length),
  ])
  const [nextKey, setNextKey] = useState(lines.length + 1)
  const errorsOf = (index: number, field: string) => fieldErrors[`lines.${index}.${field}`]?.map((key) => t(key))
  const change = (key: number, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)))
  const addRow = () => {
    setRows((current) => [...current, blankRow(nextKey)])
    setNextKey((key) => key + 1)
  }
  const listError = fieldErrors.lines?.map((key) => t(key))

  return (
    <div className="grid gap-6">
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="lines" />
        {listError ? (
          <p role="alert" className="text-sm text-destructive">
            {listError.join(' ')}
          </p>
        ) : null}
        {products.length === 0 ? <p className="text-sm text-muted-foreground">{t('lines.noProducts')}</p> : null}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('lines.product')}</TableHead>
              <TableHead>{t('lines.minQuantity')}</TableHead>
              <TableHead>{t('lines.unitPrice', { currency })}</TableHead>
              <TableHead>
                <span className="sr-only">{t('lines.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row, index) => (
              <LineRow
                key={row.key}
                row={row}
                number={index + 1}
                products={products}
                onChange={(patch) => change(row.key, patch)}
                onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                errors={{ productId: errorsOf(index, 'productId'), minQuantity: errorsOf(index, 'minQuantity'), unitPrice: errorsOf(index, 'unitPrice') }}
              />
            ))}
          </TableBody>
        </Table>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={addRow}>
            <Plus aria-hidden="true" className="size-4" />
            {t('lines.add')}
          </Button>
          <Button type="submit">{t('lines.save')}</Button>
        </div>
      </Form>
      <PricePreview rows={rows} products={products} currency={currency} />
    </div>
  )
}

type RowErrors = { productId: string[] | undefined; minQuantity: string[] | undefined; unitPrice: string[] | undefined }

function LineRow({
  row,
  number,
  products,
  errors,
  onChange,
  onRemove,
}: {
  row: Row
  number: number
  products: PriceableProduct[]
  errors: RowErrors
  onChange: (patch: Partial<Row>) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('pricing')
  const id = useId()
  const errorText = (field: keyof RowErrors) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-destructive">
        {errors[field].join(' ')}
      </p>
    ) : null
  const described = (field: keyof RowErrors) => (errors[field] ? { 'aria-describedby': `${id}-${field}-error`, 'aria-invalid': true as const } : {})
  return (
    <TableRow>
      <TableCell>
        <NativeSelect
          name="productId"
          value={row.productId}
          onChange={(event) => onChange({ productId: event.target.value })}
          aria-label={t('lines.productOf', { number })}
          {...described('productId')}
        >
          <option value="">{t('lines.choose')}</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.sku} · {product.name}
            </option>
          ))}
        </NativeSelect>
        {errorText('productId')}
      </TableCell>
      <TableCell>
        <Input
          name="minQuantity"
          inputMode="numeric"
          value={row.minQuantity}
          onChange={(event) => onChange({ minQuantity: event.target.value })}
          aria-label={t('lines.minQuantityOf', { number })}
          {...described('minQuantity')}
        />
        {errorText('minQuantity')}
      </TableCell>
      <TableCell>
        <Input
          name="unitPrice"
          inputMode="decimal"
          value={row.unitPrice}
          onChange={(event) => onChange({ unitPrice: event.target.value })}
          aria-label={t('lines.unitPriceOf', { number })}
          {...described('unitPrice')}
        />
        {errorText('unitPrice')}
      </TableCell>
      <TableCell>
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('lines.remove', { number })}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </TableCell>
    </TableRow>
  )
}

/** "What does N cost": the break that applies and the rounded total, from the rows as edited. */
function PricePreview({ rows, products, currency }: { rows: Row[]; products: PriceableProduct[]; currency: string }) {
  const { t } = useTranslation('pricing')
  const priced = useMemo(() => products.filter((product) => rows.some((row) => row.productId === product.id)), [products, rows])
  const [productId, setProductId] = useState('')
  const [quantity, setQuantity] = useState('1')
  const chosen = priced.some((product) => product.id === productId) ? productId : (priced[0]?.id ?? '')
  const id = useId()
  if (priced.length === 0) return null
  const count = /^\d+$/.test(quantity) ? Number(quantity) : null
  const price = count === null ? null : priceFor(breaksOf(rows, chosen), count, currency)
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border border-border p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('preview.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium">
          {t('preview.product')}
          <NativeSelect value={chosen} onChange={(event) => setProductId(event.target.value)}>
            {priced.map((product) => (
              <option key={product.id} value={product.id}>
                {product.sku} · {product.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('preview.quantity')}
          <Input inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        </label>
      </div>
      <p aria-live="polite" className="text-sm">
        {price
          ? t('preview.result', { unitPrice: displayUnitPrice(price.unitPrice, currency), total: price.total, currency, quantity: count ?? 0 })
          : t('preview.none')}
      </p>
    </section>
  )
}
