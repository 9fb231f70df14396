import type { ColumnDef } from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { I18nProvider } from '../../platform/i18n/react'
import type { Locale } from '../../platform/i18n/locales'
import { Badge } from './badge'
import { DataTable } from './data-table'
import { DatePicker } from './date-picker'
import { Field, FormField } from './field'
import { FilterSheet } from './filter-sheet'
import { FileDropZone } from './file-drop-zone'
import en from './messages/en.json'
import zhHans from './messages/zh-Hans.json'
import zhHant from './messages/zh-Hant.json'
import { NavigationProgress } from './navigation-progress'
import { RadioGroup, RadioGroupItem } from './radio-group'
import { Stepper } from './stepper'
import { Table, TableBody, TableCell, TableRow } from './table'

const CATALOGS = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant }

/** Renders on the server as SSR does, so any window access during render throws here. */
function render(node: ReactNode, locale: Locale = 'en'): string {
  return renderToString(
    <I18nProvider locale={locale} resources={{ ui: CATALOGS[locale] }}>
      {node}
    </I18nProvider>,
  )
}

function renderInRouter(node: ReactNode): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => node }])
  return render(<Stub />)
}

type Supplier = { name: string; country: string }
const columns: ColumnDef<Supplier, string>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'country', header: 'Country', enableSorting: false },
]

describe('components rendered on the server', () => {
  it('labels review statuses in the page language unless told otherwise', () => {
    expect(render(<Badge variant="reject" />, 'zh-Hant')).toContain('已拒絕')
    expect(render(<Badge variant="accept" />, 'zh-Hans')).toContain('已接受')
    expect(render(<Badge variant="pending">Awaiting review</Badge>)).toContain('Awaiting review')
  })

  it('links a field to its label, hint and errors', () => {
    const html = render(<Field label="Email" name="email" id="email" hint="Work address" errors={['Required']} />)
    expect(html).toContain('for="email"')
    expect(html).toContain('aria-describedby="email-hint email-error"')
    expect(html).toContain('aria-invalid="true"')
  })

  it('names a radio group by the form field label', () => {
    const html = render(
      <FormField label="Incoterm" id="incoterm">
        {(control) => (
          <RadioGroup {...control}>
            <RadioGroupItem value="fob" label="FOB" />
          </RadioGroup>
        )}
      </FormField>,
    )
    expect(html).toMatch(/role="radiogroup"[^>]*aria-labelledby="incoterm-label"|aria-labelledby="incoterm-label"[^>]*role="radiogroup"/)
  })

  it('marks the current step and announces completed ones', () => {
    const steps = [
      { id: 'company', label: 'Company' },
      { id: 'bank', label: 'Bank account' },
      { id: 'review', label: 'Review' },
    ]
    const html = render(<Stepper steps={steps} current={1} />)
    const items = html.split('<li').slice(1)
    expect(items.filter((item) => item.includes('aria-current="step"'))).toEqual([expect.stringContaining('Bank account')])
    expect(items.filter((item) => item.includes('(completed)'))).toEqual([expect.stringContaining('Company')])
  })

  it('shows sortable headers with aria-sort, the rows and the range', () => {
    const html = render(<DataTable label="Suppliers" columns={columns} data={[{ name: 'Acme', country: 'CN' }]} />)
    expect(html).toContain('aria-sort="none"')
    expect(html.match(/aria-sort/g)).toHaveLength(1)
    expect(html).toContain('Acme')
    expect(html).toContain('1–1 of 1')
    expect(html).toContain('Filter rows')
  })

  it('names each value of a row by its column, for the cards a phone shows', () => {
    const html = render(<DataTable label="Suppliers" columns={columns} data={[{ name: 'Acme', country: 'CN' }]} />)
    expect(html).toContain('class="relative w-full overflow-x-auto table-stack"')
    expect(html).toMatch(/<td data-label="Name"[^>]*>Acme<\/td>/)
    expect(html).toMatch(/<td data-label="Country"[^>]*>CN<\/td>/)
  })

  it('stacks a table on phones only when asked, and leaves unlabelled cells (titles, actions) unnamed', () => {
    const table = (stackOnPhone: boolean) =>
      render(
        <Table stackOnPhone={stackOnPhone}>
          <TableBody>
            <TableRow>
              <TableCell>PO-1</TableCell>
              <TableCell label="Total">$10.00</TableCell>
            </TableRow>
          </TableBody>
        </Table>,
      )
    expect(table(false)).not.toContain('table-stack')
    expect(table(true)).toContain('table-stack')
    // The cells carry no classes of their own: `.data-table` styles them (app.css).
    expect(table(true)).toMatch(/<table class="data-table[^"]*">/)
    expect(table(true)).toMatch(/<td>PO-1<\/td><td data-label="Total">/)
  })

  it('renders the filters once, beside a "Filters" button that opens them in a sheet on phones', () => {
    const html = renderInRouter(
      <FilterSheet active inlineFrom="sm">
        <form aria-label="Product filters" />
      </FilterSheet>,
    )
    expect(html.match(/aria-label="Product filters"/g)).toHaveLength(1)
    expect(html).toMatch(/<div class="max-sm:hidden"><form aria-label="Product filters">/)
    expect(html).toMatch(/<button[^>]*class="[^"]*sm:hidden[^"]*"[^>]*>.*Filters \(on\)<\/button>/)
    expect(renderInRouter(<FilterSheet>{null}</FilterSheet>)).toMatch(/>Filters<\/button>/)
  })

  it('shows an empty row, an error row, or skeleton rows while loading', () => {
    expect(render(<DataTable label="Suppliers" columns={columns} data={[]} error="Could not load suppliers" />)).toMatch(
      /role="alert">Could not load suppliers/,
    )
    expect(render(<DataTable label="Suppliers" columns={columns} data={[]} emptyMessage="No suppliers yet" />)).toContain('No suppliers yet')
    const loading = render(<DataTable label="Suppliers" columns={columns} data={[]} loading />)
    expect(loading).toContain('aria-busy="true"')
    expect(loading).not.toContain('Nothing here yet.')
  })

  it('offers a translated placeholder until a date is picked, then the date in the page language', () => {
    expect(render(<DatePicker value={undefined} onChange={() => undefined} />, 'zh-Hans')).toContain('选择日期')
    expect(render(<DatePicker value={new Date(Date.UTC(2025, 2, 14))} onChange={() => undefined} timeZone="UTC" />)).toContain('March 14, 2025')
  })

  it('renders a real file input labelled by the drop prompt', () => {
    const html = render(<FileDropZone id="files" onFiles={() => undefined} accept=".pdf" maxSize={5_000_000} />)
    expect(html).toContain('type="file"')
    expect(html).toContain('aria-labelledby="files-prompt"')
    expect(html).toContain('Accepted types: .pdf. Up to 5 MB per file.')
  })

  it('keeps the navigation progress bar hidden from assistive technology while idle', () => {
    const html = renderInRouter(<NavigationProgress />)
    expect(html).toContain('role="progressbar"')
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('aria-valuenow="0"')
  })
})
