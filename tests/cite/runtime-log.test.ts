/**
 * The run-time log (`CR_CITE_LOG`): `cite()` names the test that is running,
 * as vitest knows it, and the file it is in. The package test checks the
 * same through the built module in plain Node.
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
