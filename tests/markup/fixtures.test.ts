/**
 * Golden fixtures: each `tests/fixtures/markup/<case>/input.txt` (one
 * trailing newline is ignored) is parsed and rendered with the test context;
 * `tree.json`, `output.html` and `output.txt` are the expected results. A
 * missing golden is written; `UPDATE=1` rewrites them all (review the diff).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readGolden } from '../golden.ts'
import { parseMarkup, toHtml, toText } from '../../src/core/markup/index.ts'
import { testContext } from './context.ts'

const root = join(import.meta.dirname, '../fixtures/markup')
const cases = readdirSync(root).filter((name) => existsSync(join(root, name, 'input.txt')))

function checkGolden(file: string, actual: string) {
  expect(actual).toBe(readGolden(file, actual))
}

describe('markup fixtures', () => {
  it('has fixtures', () => {
    expect(cases.length).toBeGreaterThan(20)
  })

  it.each(cases)('%s', (name) => {
    const dir = join(root, name)
    const input = readFileSync(join(dir, 'input.txt'), 'utf8').replace(/\n$/, '')
    const { tree, problems } = parseMarkup(input)
    // Fixtures show valid markup; problems have their own tests.
    expect(problems).toEqual([])
    checkGolden(join(dir, 'tree.json'), JSON.stringify(tree, null, 2) + '\n')
    checkGolden(join(dir, 'output.html'), toHtml(tree, testContext) + '\n')
    checkGolden(join(dir, 'output.txt'), toText(tree, testContext) + '\n')
  })
})
