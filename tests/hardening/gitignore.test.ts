/**
 * `.gitignore` matched in linear time (issue 24, item 11): a 4 MB file of
 * 150,000 rules cost the `ignore` package 3.8 s per path (every rule against
 * every path), hours for a source tree. src/io/gitignore.ts looks literal
 * rules up in maps and compiles wildcard rules to RE2, with the same verdicts
 * as the `ignore` package (a property test) and git's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import ignore from 'ignore'
import { afterAll, describe, expect, it } from 'vitest'
import { IgnoreRules, IgnoreRulesError, MAX_GLOB_RULES } from '../../src/io/gitignore.ts'
import { walkSources, type WalkProblem } from '../../src/io/walk-sources.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-gitignore-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('the same verdicts as the ignore package', () => {
  const segment = fc.constantFrom('a', 'b', 'ab', 'a.log', 'b.txt', 'node_modules', 'x')
  const piece = fc.constantFrom('a', 'b', 'ab', '*', '?', '**', '*.log', 'a*', '[ab]', '[!a]', 'node_modules', '*.txt', 'x')
  const rule = fc
    .tuple(fc.boolean(), fc.boolean(), fc.array(piece, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.nat(6))
    .map(([neg, lead, parts, dir, comment]) => (comment === 0 ? '# a comment' : `${neg ? '!' : ''}${lead ? '/' : ''}${parts.join('/')}${dir ? '/' : ''}`))
  const path = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([parts, dir]) => `${parts.join('/')}${dir ? '/' : ''}`)

  it('property: for any rules and paths, ignored or not as ignore() says', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 8 }), fc.array(path, { minLength: 1, maxLength: 10 }), (rules, paths) => {
        const ours = new IgnoreRules(rules)
        const theirs = ignore().add(rules)
        for (const p of paths) expect(ours.ignores(p), `${JSON.stringify(rules)} ${p}`).toBe(theirs.ignores(p))
      }),
      { numRuns: 3000, seed: 24 },
    )
  })

  it.each([
    [['*.log', '!keep.log'], 'keep.log', false],
    [['*.log', '!keep.log'], 'sub/debug.log', true],
    [['build/', '!build/keep.txt'], 'build/keep.txt', true], // nothing comes back from an excluded folder
    [['/dist'], 'src/dist', false],
    [['dist'], 'src/dist', true],
    [['doc/*.txt'], 'doc/a.txt', true],
    [['doc/*.txt'], 'doc/sub/a.txt', false],
    [['doc/**/*.txt'], 'doc/sub/deep/a.txt', true],
    [['**/cache'], 'a/b/cache/x', true],
    [['logs/'], 'logs', false], // a file named like a folder rule
    [['logs/'], 'logs/', true],
    [['\\#not-a-comment'], '#not-a-comment', true],
    [['a\\*b'], 'a*b', true],
    [['a\\*b'], 'axb', false],
  ])('%j on %s: ignored %s', (rules, p, ignored) => {
    expect(new IgnoreRules(rules).ignores(p)).toBe(ignored)
    expect(ignore().add(rules).ignores(p)).toBe(ignored)
  })
})

describe('linear time', () => {
  it('a 4 MB .gitignore of 150,000 literal rules costs a lookup per path, not a rule per path', () => {
    const lines: string[] = []
    for (let i = 0, size = 0; size < 4 * 1024 * 1024; i++) {
      lines.push(`build${i}/output${i}.log`)
      size += lines[i]!.length + 1
    }
    lines.push('!build7/output7.log', 'secret*.txt')
    const rules = new IgnoreRules(lines.join('\n'))
    // 10,000 paths: the ignore package would take hours; bounded by the suite's timeout here.
    let ignored = 0
    for (let i = 0; i < 10_000; i++) if (rules.ignores(`build${i}/output${i}.log`)) ignored++
    expect(ignored).toBe(9_999)
    expect(rules.ignores('src/secret-key.txt')).toBe(true)
    expect(rules.ignores('src/main.ts')).toBe(false)
  }, 600_000)

  it('a wildcard rule that backtracks in JavaScript is linear in RE2', () => {
    const rules = new IgnoreRules([`${'*a'.repeat(30)}b`])
    expect(rules.ignores(`${'a'.repeat(5000)}c`)).toBe(false)
    expect(rules.ignores(`${'a'.repeat(60)}b`)).toBe(true)
  })

  it(`more than ${MAX_GLOB_RULES} wildcard rules: refused, and cr cite's walk says why and goes on`, () => {
    expect(() => new IgnoreRules(Array.from({ length: MAX_GLOB_RULES + 1 }, (_, i) => `**/cache${i}/*.tmp`))).toThrow(IgnoreRulesError)
    const dir = join(tmp, 'many-globs')
    mkdirSync(join(dir, 'src'), { recursive: true })
    writeFileSync(join(dir, '.gitignore'), Array.from({ length: MAX_GLOB_RULES + 1 }, (_, i) => `**/cache${i}/*.tmp`).join('\n'))
    writeFileSync(join(dir, 'src/a.ts'), '// CR 6.1.4\n')
    const problems: WalkProblem[] = []
    const files = walkSources(['.'], { cwd: dir, report: (p) => problems.push(p) })
    expect(files.map((f) => f.path)).toEqual(['.gitignore', 'src/a.ts'])
    expect(problems).toEqual([{ path: '.gitignore', code: 'file-too-large', severity: 'warning', message: `ignored: more than ${MAX_GLOB_RULES.toLocaleString('en')} patterns with wildcards; its rules do not apply` }])
  })
})
