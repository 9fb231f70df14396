import type { ReactNode } from 'react'
import { preloadModule, type PreloadModuleOptions } from 'react-dom'
import type { EntryContext } from 'react-router'

/**
 * The JavaScript files a server-rendered page needs to hydrate: the client entry and its imports, then each matched
 * route's module(s) and their imports — the files React Router's `<Scripts />` announces with `<link rel=modulepreload>`.
 */
export function pageModules({ manifest, staticHandlerContext }: Pick<EntryContext, 'manifest' | 'staticHandlerContext'>): string[] {
  const hrefs = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id]
    if (!route) continue
    for (const href of [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule, route.module]) {
      if (href) hrefs.add(href)
    }
    for (const href of route.imports ?? []) hrefs.add(href)
  }
  return [...hrefs]
}

/**
 * Announces the page's JavaScript at low fetch priority (ADR 031). Browsers fetch a module preload at high priority,
 * so the sixty-odd files of a page competed with its stylesheet and images for the connection and held the first
 * paint back, although the page arrives fully rendered and needs its scripts only to become interactive. React
 * emits these hints in the head before `<Scripts />`'s own tags for the same files, and a browser fetches a module
 * once, so the low priority is the one that counts (React does the same for its bootstrap modules).
 */
export function LowPriorityModulePreloads({
  context,
  nonce,
  children,
}: {
  context: Pick<EntryContext, 'manifest' | 'staticHandlerContext'>
  nonce?: string
  children: ReactNode
}) {
  // @types/react-dom does not list fetchPriority for preloadModule yet; react-dom forwards it since 19.3.
  const options = { as: 'script', nonce, fetchPriority: 'low' } as PreloadModuleOptions
  for (const href of pageModules(context)) preloadModule(href, options)
  // It wraps the page rather than standing beside it: a sibling would shift every `useId` of the server's tree away
  // from the client's, which hydrates <HydratedRouter /> alone.
  return children
}

const trimmedManifests = new WeakMap<EntryContext['manifest'], EntryContext['manifest']>()

/**
 * The router context with the imports left out of the manifest, so `<Scripts />` does not announce them again. The
 * trimmed manifest is built once per manifest (the build's, shared by every request).
 */
export function withoutImportPreloads<T extends Pick<EntryContext, 'manifest'>>(context: T): T {
  let manifest = trimmedManifests.get(context.manifest)
  if (!manifest) {
    const routes = Object.fromEntries(Object.entries(context.manifest.routes).map(([id, route]) => [id, route && { ...route, imports: [] }]))
    manifest = { ...context.manifest, entry: { ...context.manifest.entry, imports: [] }, routes }
    trimmedManifests.set(context.manifest, manifest)
  }
  return { ...context, manifest }
}
