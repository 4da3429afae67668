import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Browser and CLI tests spawn processes; keep the 2-core CI machine responsive.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
})
