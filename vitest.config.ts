import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Browser tests and the package test spawn processes; keep the 2-core CI machine responsive.
    maxWorkers: 2,
    // Sized for a loaded 2-core machine: a hook that compiles every release or
    // packs and installs the package takes seconds alone and minutes under load.
    // Budgets are never timed tests (they live in `npm run bench`); these limits
    // only catch a hang.
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
})
