import { useEffect, useState } from 'react'
import { http } from '../../../platform/http/client'
import type { Locale } from '../../../platform/i18n/locales'
import type { PalettePage } from './navigation'
import type { PaletteResults } from './palette-results'

/** How long typing must pause before the server is asked. */
export const PALETTE_DEBOUNCE_MS = 250
/** Pages listed for a query: the best few are enough to jump to. */
const MAX_MATCHING_PAGES = 8
const HAN = /\p{Script=Han}/u

/** Whether a query is worth a server search: two characters, or one Chinese character (a word on its own). */
export function isSearchable(query: string): boolean {
  const q = query.trim()
  return q.length >= 2 || (q.length === 1 && HAN.test(q))
}

export type LabelledPage = PalettePage & { label: string; groupLabel: string }

/**
 * The pages whose label (or group's label) contains every word of the query, labels that start with the query first;
 * every page, in navigation order, for an empty query.
 */
export function matchingPages(pages: LabelledPage[], query: string): LabelledPage[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return pages
  const text = (page: LabelledPage) => `${page.label} ${page.groupLabel}`.toLocaleLowerCase()
  const found = pages.filter((page) => words.every((word) => text(page).includes(word)))
  const first = words.join(' ')
  const rank = (page: LabelledPage) => (page.label.toLocaleLowerCase().startsWith(first) ? 0 : page.label.toLocaleLowerCase().includes(first) ? 1 : 2)
  return found
    .map((page, index) => ({ page, index }))
    .sort((a, b) => rank(a.page) - rank(b.page) || a.index - b.index)
    .slice(0, MAX_MATCHING_PAGES)
    .map(({ page }) => page)
}

export type PaletteSearch = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; results: PaletteResults }

/** The server's answer for the query once typing pauses; an answer to an older query is dropped. */
export function usePaletteSearch(query: string, locale: Locale): PaletteSearch {
  const q = query.trim()
  const [answer, setAnswer] = useState<{ q: string; results: PaletteResults | null }>({ q: '', results: null })
  useEffect(() => {
    if (!isSearchable(q)) return
    let current = true
    const timer = setTimeout(() => {
      http<PaletteResults>('/api/v1/search/palette', { query: { q, locale } }).then(
        (results) => {
          if (current) setAnswer({ q, results })
        },
        () => {
          if (current) setAnswer({ q, results: null })
        },
      )
    }, PALETTE_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [q, locale])
  if (!isSearchable(q)) return { status: 'idle' }
  if (answer.q !== q) return { status: 'loading' }
  return answer.results ? { status: 'done', results: answer.results } : { status: 'error' }
}
