import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readGolden } from './golden.ts'

const dir = mkdtempSync(join(tmpdir(), 'cr-golden-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('golden files', () => {
  it('fails under CI=true when the golden file is missing, and writes nothing', () => {
    const file = join(dir, 'missing.txt')
    expect(() => readGolden(file, 'actual', { CI: 'true' })).toThrow(/Missing golden file .*missing\.txt/)
    expect(existsSync(file)).toBe(false)
  })

  it('writes a missing golden file on a developer machine, and compares with it afterwards', () => {
    const file = join(dir, 'new.txt')
    expect(readGolden(file, 'first', {})).toBe('first')
    expect(readGolden(file, 'second', { CI: 'true' })).toBe('first')
  })

  it('rewrites it with UPDATE=1', () => {
    const file = join(dir, 'updated.txt')
    readGolden(file, 'old', {})
    expect(readGolden(file, 'new', { UPDATE: '1', CI: 'true' })).toBe('new')
    expect(readFileSync(file, 'utf8')).toBe('new')
  })
})
