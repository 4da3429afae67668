import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Fixture engines carry their own test files (tests/fixtures/cite-corpus/…): data, not our tests.
    exclude: ['tests/fixtures/**', '**/node_modules/**'],
    // Browser and CLI tests spawn processes; keep the 2-core CI machine responsive.
    maxWorkers: 2,
    // Sized for a loaded 2-core machine (CI shares it): a slow run must not turn red.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
})
