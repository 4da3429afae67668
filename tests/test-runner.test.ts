/**
 * `npm test`'s stages (scripts/test.ts), run with small Node commands in place of vitest and
 * the type checks: the unit project first and alone, then the type checks beside the package
 * and site projects, a failure of either failing the run.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { npmTestStages, runStages } from '../scripts/test.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cr-test-runner-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/**
 * A Node command that appends `name` to the run's log, waits until each of `waitFor` has been
 * logged (up to two minutes: then it logs `name gave up` and exits 99), prints `print`, logs
 * `name done` and exits with `code`.
 */
function step(name: string, code = 0, waitFor: string[] = [], print = ''): string[] {
  const log = join(dir, 'log')
  const source = `
    const fs = require('node:fs')
    fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + '\\n')
    const wanted = ${JSON.stringify(waitFor)}
    const until = Date.now() + 120000
    const seen = () => (fs.existsSync(${JSON.stringify(log)}) ? fs.readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n') : [])
    const poll = () => {
      if (wanted.every((w) => seen().includes(w))) {
        process.stdout.write(${JSON.stringify(print)})
        fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + ' done\\n')
        process.exit(${code})
      }
      if (Date.now() > until) { fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(name)} + ' gave up\\n'); process.exit(99) }
      setTimeout(poll, 20)
    }
    poll()
  `
  return [process.execPath, '-e', source]
}

const logged = () => (existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n') : [])

describe('npm test (scripts/test.ts)', () => {
  it('runs the real stages: vitest unit, npm run typecheck, vitest package + site with the arguments given', () => {
    const stages = npmTestStages(['-t', 'search'])
    expect(stages.unit.slice(-3)).toEqual(['run', '--project', 'unit'])
    expect(stages.typecheck).toEqual(['npm', 'run', '--silent', 'typecheck'])
    expect(stages.rest.slice(-7)).toEqual(['run', '--project', 'package', '--project', 'site', '-t', 'search'])
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(pkg.scripts.test).toBe('tsx scripts/test.ts')
  })

  it('stops after a failing unit project, with its exit status, and runs nothing else', async () => {
    const said: string[] = []
    const code = await runStages({ unit: step('unit', 3), typecheck: step('typecheck'), rest: step('rest') }, (t) => said.push(t))
    expect(code).toBe(3)
    expect(logged()).toEqual(['unit', 'unit done'])
    expect(said.join('\n')).toMatch(/the unit project failed/)
  })

  it('runs the type checks beside the package and site projects, once the unit project passed', async () => {
    const said: string[] = []
    // Each of the two waits for the other to have started: run one after the other, they would give up.
    const code = await runStages({ unit: step('unit'), typecheck: step('typecheck', 0, ['unit', 'rest']), rest: step('rest', 0, ['unit', 'typecheck']) }, (t) => said.push(t))
    expect(code).toBe(0)
    expect(logged().slice(0, 2)).toEqual(['unit', 'unit done'])
    expect([...logged()].sort()).toEqual(['rest', 'rest done', 'typecheck', 'typecheck done', 'unit', 'unit done'])
    expect(said.at(-1)).toMatch(/^unit \d+ s, then type checks \d+ s beside package \+ site \d+ s: \d+ s in all; passed$/)
  })

  it('reports failed type checks as soon as they end, lets the tests finish, and exits 1', async () => {
    const said: string[] = []
    const errors = "site/pages/index.astro:3:7 - error ts(2322): Type 'number' is not assignable to type 'string'."
    // The tests end only once the type checks' failure has been reported to the developer.
    const code = await runStages({ unit: step('unit'), typecheck: step('typecheck', 2, [], errors), rest: step('rest', 0, ['reported']) }, (t) => {
      said.push(t)
      if (/type checks FAILED in/.test(t)) appendFileSync(join(dir, 'log'), 'reported\n')
    })
    expect(code).toBe(1)
    expect(logged()).toContain('rest done')
    expect(said.find((t) => /type checks FAILED in/.test(t))).toContain(errors)
    expect(said.at(-1)).toMatch(/FAILED$/)
  })

  it('fails when the package and site projects fail, the type checks passing', async () => {
    const code = await runStages({ unit: step('unit'), typecheck: step('typecheck'), rest: step('rest', 1) }, () => {})
    expect(code).toBe(1)
  })
})
