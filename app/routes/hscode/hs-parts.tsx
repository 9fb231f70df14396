// What the HS lookup pages share: breadcrumbs, a code's row, the search form and the attribution line.
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/field'
import { Input } from '../../components/ui/input'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useRootData } from '../route-helpers'

export const HS_PATH = '/hscode-demo'

export type CodeRow = { code: string; level: number; description: string; fallback: boolean }

/** The path of a code's page, a section's, or the lookup's own (with a query). */
export function useHsPaths() {
  const { locale } = useRootData()
  return {
    home: (search?: Record<string, string>) => {
      const query = new URLSearchParams(search).toString()
      return localizePath(locale, query ? `${HS_PATH}?${query}` : HS_PATH)
    },
    code: (code: string) => localizePath(locale, `${HS_PATH}/${code}`),
    section: (section: string) => localizePath(locale, `${HS_PATH}/section/${section}`),
  }
}

/** "8501.10" for 850110, "8501" for 8501: codes as customs documents print them. */
export const printedCode = (code: string) => (code.length === 6 ? `${code.slice(0, 4)}.${code.slice(4)}` : code)

export function Breadcrumbs({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  const { t } = useTranslation('hsLookup')
  return (
    <nav aria-label={t('page.breadcrumbLabel')} className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((step, index) => (
          <li key={`${step.label}-${index}`} className="flex min-w-0 items-center gap-2">
            {index > 0 ? <span aria-hidden="true">›</span> : null}
            {step.to ? (
              <Link to={step.to} className="break-words underline-offset-4 hover:underline">
                {step.label}
              </Link>
            ) : (
              <span aria-current="page" className="break-words text-foreground">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The Chinese character pairs of a query, the unit the search matches Chinese descriptions by. */
export function hanPairsOf(query: string): string[] {
  const pairs: string[] = []
  for (const [run] of query.matchAll(/\p{Script=Han}+/gu)) {
    const chars = [...run]
    if (chars.length === 1) pairs.push(run)
    for (let index = 0; index + 1 < chars.length; index++) pairs.push(chars[index]! + chars[index + 1]!)
  }
  return pairs
}

/** A text with the words a search matched emphasised (Latin words from their start, Chinese pairs anywhere). */
export function Emphasised({ text, words }: { text: string; words: string[] }) {
  const terms = [...new Set(words.filter((word) => word.trim().length > 0))].sort((a, b) => b.length - a.length)
  if (terms.length === 0) return <>{text}</>
  const pattern = new RegExp(`(${terms.map((term) => (/^\p{Script=Han}/u.test(term) ? '' : '(?<![\\p{L}\\p{N}])') + escapeRegExp(term)).join('|')})`, 'giu')
  return (
    <>
      {text.split(pattern).map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-accent px-0.5 font-semibold text-accent-foreground">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  )
}

/** A code with its level and description (its matched words emphasised), linking to its page; `extra` under it. */
export function CodeLink({ row, extra, emphasis = [] }: { row: CodeRow; extra?: ReactNode; emphasis?: string[] }) {
  const { t } = useTranslation('hsLookup')
  const paths = useHsPaths()
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link to={paths.code(row.code)} className="font-mono text-base font-semibold text-primary underline-offset-4 hover:underline">
          {printedCode(row.code)}
        </Link>
        <Badge variant="secondary">{t(`levels.${row.level}`)}</Badge>
      </div>
      <p className="break-words" lang={row.fallback ? 'en' : undefined}>
        <Emphasised text={row.description} words={emphasis} />
      </p>
      {row.fallback ? <p className="text-xs text-muted-foreground">{t('fallback')}</p> : null}
      {extra}
    </div>
  )
}

export function SearchForm({ q, errors }: { q: string; errors?: string[] }) {
  const { t } = useTranslation('hsLookup')
  const paths = useHsPaths()
  return (
    <Form method="get" action={paths.home()} role="search" aria-label={t('search.heading')} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField label={t('search.label')} hint={t('search.hint')} errors={errors} className="flex-1">
        {(control) => <Input type="search" name="q" defaultValue={q} maxLength={200} autoComplete="off" {...control} />}
      </FormField>
      <Button type="submit" className="sm:mb-6">
        {t('search.submit')}
      </Button>
    </Form>
  )
}

export function Attribution() {
  const { t } = useTranslation('hsLookup')
  return <p className="border-t border-border pt-4 text-xs text-muted-foreground">{t('page.attribution')}</p>
}
