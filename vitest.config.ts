/**
 * Three projects, by what a test costs (`npx vitest run --project unit`, …):
 *
 *   unit     in-process: compiler, CLI, cite, fmt, LSP, fuzz (fixed seeds), the site's data and
 *            search-query code. First (groupOrder 0; `npm test`, scripts/test.ts, runs it alone,
 *            then the type checks beside the rest): a broken core fails within a minute. Its two workers are kept
 *            from file to file (isolate: false): each loads src/ once, and what src/ keeps per
 *            process (a held release compiled once, `compileRelease`) is kept across files,
 *            which cut the project's CPU by about a third. The price: a unit test file leaves
 *            the process as it found it (no process.chdir, no module mocks; an environment
 *            variable set is restored), which tests/test-projects.test.ts checks.
 *   package  packs and installs the package into a scratch engine project; the built `cr` binary.
 *   site     end-to-end: the built site in Debian's Chromium, the PDFs, `npm run dev`. One full
 *            build per run (tests/site/global-build.ts), into a temporary folder, started in the
 *            background as the run starts (the package tests run beside it); tests that need
 *            another build make their own, with caches of its own (tests/site/astro.ts). No lock.
 */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Fixture engines carry their own test files (tests/fixtures/cite-corpus/…): data, not our tests.
    exclude: ['tests/fixtures/**', '**/node_modules/**'],
    // Browser tests and the package test spawn processes; keep the 2-core CI machine responsive.
    maxWorkers: 2,
    // fast-check's seed, fixed (tests/setup/fast-check.ts): property tests are not random per run.
    setupFiles: ['tests/setup/fast-check.ts'],
    // Sized for a loaded 2-core machine (CI shares it): a hook that compiles every release or
    // packs and installs the package takes seconds alone and minutes under load. Budgets are
    // never timed tests (they live in `npm run bench`); these limits only catch a hang.
    testTimeout: 180_000,
    hookTimeout: 900_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/site/**', 'tests/package/**', 'tests/fixtures/**', '**/node_modules/**'],
          sequence: { groupOrder: 0 },
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/site/global-build.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
