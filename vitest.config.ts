import { defineConfig } from 'vitest/config'

// Vitest runs without the React Router plugin. Two projects: pure unit tests, and database tests that
// get a fresh migrated database per file (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['app/**/*.db.test.ts', 'server/**/*.db.test.ts', 'tests/integration/**/*.db.test.ts'],
          globalSetup: ['tests/support/database-global-setup.ts'],
          setupFiles: ['tests/support/database-per-file.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
