import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Fixture engines carry their own test files (tests/fixtures/cite-corpus/…): data, not our tests.
    exclude: ['tests/fixtures/**', '**/node_modules/**'],
    // Browser tests and the package test spawn processes; keep the 2-core CI machine responsive.
    maxWorkers: 2,
    // Sized for a loaded 2-core machine (CI shares it): a hook that compiles every release or
    // packs and installs the package takes seconds alone and minutes under load. Budgets are
    // never timed tests (they live in `npm run bench`); these limits only catch a hang.
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
})
