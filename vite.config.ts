import { resolve } from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { precompressAssets } from './scripts/vite-precompress.ts'
import { guardRouteModuleReload } from './scripts/vite-route-module-guard.ts'

// Fewer, larger chunks where every page needs them (ADR 032); the rest is split per route as Rolldown chooses.
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/** Every page loads the client entry and the root route, so the app modules they import statically form one chunk. */
const SHELL_ENTRIES = [resolve('app/entry.client.tsx'), resolve('app/root.tsx')]
const APP_DIR = resolve('app')
/**
 * Where the walk stops: packages (captured with the modules that import them), server-only files and messages, and
 * modules' public barrels, of which a page uses a few exports (the walk sees every import, before tree-shaking).
 */
const OUTSIDE_SHELL = /[\\/]app[\\/]modules[\\/][^\\/]+[\\/]index\.tsx?$|\.server\.|\.json$/
/** React DOM on its own. */
const FRAMEWORK = /node_modules[\\/](?:react-dom|scheduler)[\\/]/
/** Lucide's drawing code, for the signed-in pages that draw Lucide components; the public pages draw from the sprite. */
const LUCIDE = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/
/** Modules imported by at least this many route modules (of about 90) share one chunk instead of a few hundred bytes each. */
const COMMON_SHARE_COUNT = 38

const shells = new WeakMap<ModuleGraph, Set<string>>()

function shellModules(graph: ModuleGraph): Set<string> {
  let modules = shells.get(graph)
  if (modules) return modules
  modules = new Set()
  const queue = [...SHELL_ENTRIES]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (modules.has(imported) || SHELL_ENTRIES.includes(imported) || !imported.startsWith(APP_DIR) || OUTSIDE_SHELL.test(imported)) continue
      modules.add(imported)
      queue.push(imported)
    }
  }
  shells.set(graph, modules)
  return modules
}

// One module graph: the SSR build's entry is the Hono app, which imports the React Router server build.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), guardRouteModuleReload()],
  resolve: { tsconfigPaths: true },
  build: {
    target: 'es2022',
    // BUILD_SOURCEMAP=1 for looking into the chunks (scripts/chunk-sources.ts); never in a shipped build.
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    rollupOptions: isSsrBuild
      ? { input: 'server/app.ts' }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: (id: string, graph: ModuleGraph) => (shellModules(graph).has(id) ? 'shell' : null), priority: 3 },
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                { name: 'lucide', test: LUCIDE, priority: 2 },
                { name: 'common', minShareCount: COMMON_SHARE_COUNT, priority: 1 },
              ],
            },
          },
        },
  },
  environments: {
    ssr: {
      build: { rollupOptions: { input: 'server/app.ts' } },
    },
  },
  ssr: {
    external: ['@electric-sql/pglite', 'postgres', 'pino', 'nodemailer', 'socket.io', 'sharp'],
  },
}))
