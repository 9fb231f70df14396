import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const modules = readdirSync('app/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// Outside a module, only its public index files may be imported (DESIGN.md §3 rule 1).
const moduleBoundaries = modules.map((name) => ({
  target: ['./app/!(modules)/**/!(*.test).ts', './app/!(modules)/**/!(*.test).tsx'],
  from: `./app/modules/${name}`,
  except: ['./index.ts', './index.server.ts', './messages'],
  message: `Import the ${name} module through its index.ts or index.server.ts.`,
}))
// The same wall for code outside app/ (issue 17): what the server runs — the server, the root and entry files, the seed
// and the record factories — takes a module only through its index; tests, test support and tools may also read a
// module's tables to check what was stored (db/schema.ts gathers the table files for drizzle-kit).
const tableFiles = (name) =>
  readdirSync(`app/modules/${name}`)
    .filter((file) => file.endsWith('.tables.server.ts'))
    .map((file) => `./${file}`)
const wallOutside = (targets, except, withTables = false) =>
  targets.flatMap((target) =>
    modules.map((name) => ({
      target,
      from: `./app/modules/${name}`,
      except: withTables ? [...except, ...tableFiles(name)] : except,
      message: `Import the ${name} module through its index.ts or index.server.ts.`,
    })),
  )
const RUN_TIME_OUTSIDE = ['./server/**/!(*.test).ts', './app/root.tsx', './app/entry.server.tsx', './app/entry.client.tsx', './app/routes.ts']
// The seeds and the record factories bulk-load rows (the module-walls test exempts them too); tests check what was stored.
const TESTS_AND_TOOLS = ['./tests', './server/**/*.test.ts', './app/!(modules)/**/*.test.{ts,tsx}', './scripts', './db/seed', './db/factories']
const outsideBoundaries = [
  // server/api/router.ts mounts each module's REST operations from its api.server.ts (ADR 035).
  ...wallOutside(RUN_TIME_OUTSIDE, ['./index.ts', './index.server.ts', './api.server.ts', './messages']),
  ...wallOutside(TESTS_AND_TOOLS, ['./index.ts', './index.server.ts', './messages'], true),
]
const crossModuleBoundaries = modules.flatMap((name) =>
  modules
    .filter((other) => other !== name)
    .map((other) => ({
      target: `./app/modules/${name}`,
      from: `./app/modules/${other}`,
      // Tables may reference another module's tables by foreign key (DESIGN.md §3 rule 2).
      except: ['./index.ts', './index.server.ts', ...tableFiles(other)],
      message: `Import the ${other} module through its index.ts or index.server.ts.`,
    })),
)

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', '.cache/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...moduleBoundaries,
            ...outsideBoundaries,
            ...crossModuleBoundaries,
            // Message catalogs are data, registered centrally in app/platform/i18n/catalog.server.ts.
            { target: './app/platform', from: './app/modules/**/*.{ts,tsx}', message: 'Platform code must not depend on domain modules.' },
            { target: './app/platform', from: './app/routes', message: 'Platform code must not depend on routes.' },
            { target: './app/modules', from: './app/routes', message: 'Modules must not depend on routes.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Type-aware rules (issue 17): a promise nobody awaits or handles loses its failure (publishChange and
    // deliverNotice run after commit), and a switch over a union must name every member or say what the rest do.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // TanStack Table is a chosen dependency; the app does not run the React Compiler.
    files: ['app/components/ui/data-table.tsx'],
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    // A journey that types into a page before React hydrates it can lose what it typed (issue 15).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/helpers.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExpressionStatement > AwaitExpression > CallExpression[callee.property.name='goto']",
          message: 'Open pages with openPage(page, path), which waits for hydration (openPageWithoutScripts where scripts are off).',
        },
      ],
    },
  },
  {
    files: ['server.js', 'scripts/**/*.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
)
