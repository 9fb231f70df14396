import { Command } from 'cmdk'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router'
import { AREAS } from '../../../platform/areas'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { cn } from '../../ui/cn'
import { Dialog, DialogOverlay, DialogTrigger } from '../../ui/dialog'
import { SpriteIcon } from '../../ui/sprite-icon'
import type { SpriteIconName } from '../../ui/sprite-icons'
import type { PalettePage } from './navigation'
import { PALETTE_KINDS, type PaletteHit } from './palette-results'
import { type LabelledPage, matchingPages, usePaletteSearch } from './palette-search'

const KIND_ICONS: Record<(typeof PALETTE_KINDS)[number], SpriteIconName> = {
  orders: 'clipboard-list',
  rfqs: 'file-question-mark',
  products: 'package',
  marketplace: 'store',
  companies: 'building-complex',
}

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground'
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground'

const noSubscription = () => () => undefined
const isApple = () => /Mac|iPhone|iPad/.test(navigator.userAgent)

/** ⌘K on Apple systems, Ctrl K elsewhere; the server (which cannot know) renders Ctrl K and hydration corrects it. */
function useShortcutLabel(): string {
  return useSyncExternalStore(noSubscription, isApple, () => false) ? '⌘K' : 'Ctrl K'
}

/** Ctrl+K or ⌘K anywhere toggles the palette. */
function useShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return
      event.preventDefault()
      toggle()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [toggle])
}

/**
 * The command palette (Ctrl+K / ⌘K, or the search button of the top bar): finds the pages of the navigation by their
 * label as one types, and — once typing pauses — the person's orders, RFQs and products and the marketplace's products
 * and suppliers (GET /api/v1/search/palette). Arrow keys move, Enter opens, Escape closes.
 */
export function CommandPalette({ pages, locale }: { pages: PalettePage[]; locale: Locale }) {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  const shortcut = useShortcutLabel()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<{ for: string; value: string }>({ for: '', value: '' })
  const toggle = useCallback(() => setOpen((current) => !current), [])
  useShortcut(toggle)
  const search = usePaletteSearch(open ? query : '', locale)

  const q = query.trim()
  const labelled: LabelledPage[] = pages.map((page) => ({ ...page, label: t(page.labelKey), groupLabel: t(page.groupLabelKey) }))
  const shownPages = matchingPages(labelled, q)
  const results = search.status === 'done' ? PALETTE_KINDS.map((kind) => ({ kind, hits: search.results[kind] })).filter((group) => group.hits.length > 0) : []
  const marketplaceSearch = q && AREAS.marketplace.available ? `${AREAS.marketplace.searchPath}?${new URLSearchParams({ q })}` : null
  const values = [
    ...shownPages.map((page) => `page:${page.to}`),
    ...results.flatMap((group) => group.hits.map((hit) => `${group.kind}:${hit.id}`)),
    ...(marketplaceSearch ? ['marketplace-search'] : []),
  ]
  // The best match is selected whenever the list changes, so Enter opens it, not whatever was selected before.
  const listKey = `${q}|${search.status}|${values.join(',')}`
  const selectedValue = selected.for === listKey ? selected.value : (values[0] ?? '')
  const nothingFound = q !== '' && shownPages.length === 0 && search.status !== 'loading' && results.length === 0

  const changeOpen = (next: boolean) => {
    setOpen(next)
    if (!next) setQuery('')
  }
  const go = (path: string) => {
    changeOpen(false)
    void navigate(localizePath(locale, path))
  }
  const status =
    search.status === 'loading'
      ? t('palette.searching')
      : search.status === 'error'
        ? t('palette.failed')
        : nothingFound
          ? t('palette.empty', { query: q })
          : ''

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex size-9 items-center justify-center gap-2 rounded-md text-sm text-muted-foreground hover:bg-muted hover:text-foreground sm:h-8 sm:w-52 sm:justify-start sm:border sm:border-input sm:bg-background sm:px-2.5"
        data-testid="palette-trigger"
      >
        <SpriteIcon name="search" />
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-start">{t('palette.open')}</span>
        <kbd aria-hidden className="hidden rounded border border-border bg-muted px-1.5 font-sans text-[0.7rem] text-muted-foreground sm:inline">
          {shortcut}
        </kbd>
      </DialogTrigger>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg sm:top-[12vh]">
          <DialogPrimitive.Title className="sr-only">{t('palette.title')}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t('palette.description')}</DialogPrimitive.Description>
          <Command
            label={t('palette.inputLabel')}
            shouldFilter={false}
            loop
            value={selectedValue}
            onValueChange={(value) => setSelected({ for: listKey, value })}
            className="flex min-h-0 flex-col"
          >
            <div className="flex items-center gap-2 border-b border-border px-3">
              <SpriteIcon name="search" className="text-muted-foreground" />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder={t('palette.placeholder')}
                className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
              />
            </div>
            <p role="status" className={cn('px-4 text-sm text-muted-foreground', status && 'py-3')}>
              {status}
            </p>
            <Command.List label={t('palette.resultsLabel')} className="min-h-0 overflow-y-auto overscroll-contain p-1">
              {shownPages.length > 0 ? (
                <Command.Group heading={t('palette.groups.pages')} className={GROUP_CLASS}>
                  {shownPages.map((page) => (
                    <Command.Item key={page.to} value={`page:${page.to}`} onSelect={() => go(page.to)} className={ITEM_CLASS}>
                      <SpriteIcon name="arrow-right" className="rtl:-scale-x-100" />
                      <span className="flex-1 truncate">{page.label}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">{page.groupLabel}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {results.map(({ kind, hits }) => (
                <Command.Group key={kind} heading={t(`palette.groups.${kind}`)} className={GROUP_CLASS}>
                  {hits.map((hit: PaletteHit) => (
                    <Command.Item key={hit.id} value={`${kind}:${hit.id}`} onSelect={() => go(hit.href)} className={ITEM_CLASS}>
                      <SpriteIcon name={KIND_ICONS[kind]} />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate">{hit.title}</span>
                        {hit.detail ? <span className="truncate text-xs text-muted-foreground">{hit.detail}</span> : null}
                      </span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ))}
              {marketplaceSearch ? (
                <Command.Group heading={t('palette.groups.marketplaceSearch')} className={GROUP_CLASS}>
                  <Command.Item value="marketplace-search" onSelect={() => go(marketplaceSearch)} className={ITEM_CLASS}>
                    <SpriteIcon name="store" />
                    <span className="truncate">{t('palette.searchMarketplace', { query: q })}</span>
                  </Command.Item>
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
          <p className="hidden border-t border-border px-4 py-2 text-xs text-muted-foreground sm:block">{t('palette.keys')}</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  )
}
