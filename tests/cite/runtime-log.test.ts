/**
 * The run-time log (`CR_CITE_LOG`): `cite()` names the test that is running,
 * as vitest knows it, and the file it is in; without a runner that says, the
 * file of the code that called it, from the stack. The package test checks
 * the same through the built module in plain Node (a script, `node -e`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'cr-cite-log-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('cite() under vitest', () => {
  it('records this very test', async () => {
    const log = join(dir, 'log.jsonl')
    process.env.CR_CITE_LOG = log
    try {
      const { recordCitation, currentTest } = await import('../../src/runtime/record.ts')
      expect(currentTest()).toEqual({ name: 'cite() under vitest > records this very test', file: import.meta.filename })
      recordCitation('6.1.4', 'rule_end_the_run')
      expect(JSON.parse(readFileSync(log, 'utf8'))).toEqual({ ref: '6.1.4', id: 'rule_end_the_run', test: 'cite() under vitest > records this very test', file: import.meta.filename })
    } finally {
      delete process.env.CR_CITE_LOG
    }
  })
})

describe('the file, without a runner that reports it: the first stack frame outside the package', () => {
  it('is the file whose code called, past the package\'s own frames and the built-ins\' (Array.map, eval)', async () => {
    const { callerFile } = await import('../../src/runtime/record.ts')
    expect(callerFile()).toBe(import.meta.filename)
    expect([0].map(() => callerFile())).toEqual([import.meta.filename])
    // eval'd code is in no file: the frame that ran it is.
    expect((0, eval)('(f) => f()')(callerFile)).toBe(import.meta.filename)
  })

  it('survives an engine that keeps no stack, and restores its stack limit', async () => {
    const { callerFile } = await import('../../src/runtime/record.ts')
    const limit = Error.stackTraceLimit
    try {
      Error.stackTraceLimit = 0
      expect(callerFile()).toBe(import.meta.filename)
      expect(Error.stackTraceLimit).toBe(0)
    } finally {
      Error.stackTraceLimit = limit
    }
  })

  it('CR_CITE_TEST names the test; the runner still gives the file', async () => {
    // The module opens the log once per process: the same file as above.
    const log = join(dir, 'log.jsonl')
    process.env.CR_CITE_LOG = log
    process.env.CR_CITE_TEST = 'engine > smoke'
    try {
      const { recordCitation } = await import('../../src/runtime/record.ts')
      recordCitation('6.1.4', 'rule_end_the_run')
      expect(JSON.parse(readFileSync(log, 'utf8').trim().split('\n').pop()!)).toEqual({ ref: '6.1.4', id: 'rule_end_the_run', test: 'engine > smoke', file: import.meta.filename })
    } finally {
      delete process.env.CR_CITE_LOG
      delete process.env.CR_CITE_TEST
    }
  })
})
