import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// Vitest runs without the React Router plugin. Two projects: pure unit tests, and database tests that
// get a fresh migrated database per file (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // One worker per core (Vitest's default leaves one idle): on the 2-core CI machine this halves the run, as a
    // database test file mostly waits on its own PGlite or PostgreSQL database. Measured: 375 s against 932 s.
    maxWorkers: Math.max(2, availableParallelism()),
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
          // A worker keeps the modules it loaded from one file to the next: loading the app for every file was a third of
          // this project's time (measured on PGlite: 651 s isolated, 360 s not). What a file must not inherit is reset by
          // the setup file (database, configuration, auth, stores), and caches of the database's rows empty themselves
          // when it hands over the next file's database (forgetOnDatabaseChange).
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
