import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { parse, parseDocument, stringify } from 'yaml'
import { describe, expect, it } from 'vitest'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { compile } from '../../src/core/compile.ts'
import { formatYaml } from '../../src/core/format.ts'
import { loadCards, readRulesDir } from '../../src/io/read-sources.ts'

const repo = join(import.meta.dirname, '../..')
const sourceDirs = ['rules', ...readdirSync(join(repo, 'releases')).filter((d) => d.startsWith('v')).map((d) => `releases/${d}`)]

// Each source file is formatted by two tests (its data kept; its compile the same): once is enough,
// formatYaml being pure. Only the sources' texts are kept (a hundred files).
const formatted = new Map<string, string>()
const formatSource = (text: string) => {
  let once = formatted.get(text)
  if (once === undefined) formatted.set(text, (once = format(text)))
  return once
}
const format = (text: string) => {
  const r = formatYaml(text)
  if (!r.ok) throw new Error(`${r.line}:${r.column}: ${r.message}`)
  return r.text
}
/** The first line (1-based) where two texts differ. */
const firstChange = (a: string, b: string) => {
  const x = a.split('\n')
  const y = b.split('\n')
  let i = 0
  while (x[i] === y[i]) i++
  return i + 1
}
/** The data as we read it (YAML 1.2) and as the rules team's Python generator reads it (YAML 1.1: dates, yes/no). */
const data = (text: string) => parse(text)
const data11 = (text: string) => parseDocument(text, { version: '1.1' }).toJS()

describe('cr fmt: the canonical layout', () => {
  it('keeps the data of every source file of rules/ and every release, and is idempotent; rules/ is in the layout', () => {
    for (const dir of sourceDirs) {
      for (const name of readdirSync(join(repo, dir)).filter((n) => n.endsWith('.yaml'))) {
        const text = readFileSync(join(repo, dir, name), 'utf8')
        const once = formatSource(text)
        expect(data(once), `${dir}/${name}`).toEqual(data(text))
        expect(data11(once), `${dir}/${name} as YAML 1.1`).toEqual(data11(text))
        expect(format(once), `${dir}/${name}`).toBe(once)
        // `cr fmt --check` in CI: the editable sources are kept formatted (releases are frozen as published).
        if (dir === 'rules') expect(once, `${dir}/${name} is not formatted: run \`npx cr fmt\``).toBe(text)
      }
    }
  }, 600_000)

  it('orders keys, writes flags bare, sequences at the margin, and strings plain, quoted when short or as |- blocks', () => {
    const long = '{card:Sneakdoor Beta} changes the attacked server from Archives to HQ, a text longer than a line.'
    const text = [
      '# yaml-language-server: $schema=../schema/chapter.schema.json',
      'sections:',
      '  - rules:',
      '      - text: "Plain: no, a colon"',
      '        new:',
      '        rule: rule_b   # why b',
      '      - rule: rule_c',
      "        text: '{card:Sneakdoor Beta} first'",
      `      - text: '${long}'`,
      '        rule: rule_d',
      '    text: General',
      '    section: sec_a',
      'text: Runs',
      'chapter: chpt_runs',
      '',
    ].join('\n')
    expect(format(text)).toBe(
      [
        '# yaml-language-server: $schema=../schema/chapter.schema.json',
        'chapter: chpt_runs',
        'text: Runs',
        'sections:',
        '- section: sec_a',
        '  text: General',
        '  rules:',
        '  - rule: rule_b # why b',
        '    text: "Plain: no, a colon"',
        '    new:',
        '  - rule: rule_c',
        '    text: "{card:Sneakdoor Beta} first"',
        '  - rule: rule_d',
        '    text: |-',
        `      ${long}`,
        '',
      ].join('\n'),
    )
  })

  it('quotes a value YAML 1.1 would read as a date or boolean', () => {
    expect(format('version: v26.03\neffective: "2026-03-02"\ntitle: "yes"\n')).toBe('version: v26.03\neffective: "2026-03-02"\ntitle: "yes"\n')
  })

  // Any text a rules editor can type, any key order, comments: the data survives and a second run changes nothing.
  it('property: never changes the data (YAML 1.2 and 1.1), is idempotent, keeps every comment', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab {}[]:#\'"\\,-?|>!&*%@`\n\t .e1'.split('')), maxLength: 30 }),
      fc.constantFrom('yes', 'No', '2026-03-02', '1:20', '0777', '', ' lead', 'trail ', 'a: b', 'a #b', '- x', '{ref:x} y', 'null', '~', 'x\n\n y\n'),
      fc.string({ maxLength: 20 }),
    )
    const comment = fc.option(fc.stringMatching(/^[a-z ]{1,12}$/), { nil: undefined })
    const rule = fc.record({ rule: fc.stringMatching(/^rule_[a-z]{1,6}$/), text, new: fc.option(fc.constant(null), { nil: undefined }) }, { requiredKeys: ['rule', 'text'] })
    const chapter = fc.record({ chapter: fc.constant('chpt_x'), text, sections: fc.array(fc.record({ section: fc.constant('sec_x'), text, rules: fc.array(rule, { maxLength: 3 }) }), { maxLength: 2 }) })
    fc.assert(
      fc.property(chapter, fc.array(comment, { minLength: 3, maxLength: 3 }), fc.boolean(), (doc, comments, shuffle) => {
        const shuffled = shuffle ? JSON.parse(JSON.stringify(doc, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) : doc
        const d = parseDocument(stringify(shuffled, { lineWidth: 20 }))
        const kept = comments.filter((c): c is string => c !== undefined)
        if (kept[0]) d.commentBefore = ` ${kept[0]}`
        if (kept[1]) d.comment = ` ${kept[1]}`
        const source = d.toString()
        const once = format(source)
        expect(data(once)).toEqual(data(source))
        // Where YAML 1.1 reads the source as we do, so does it read the result (a plain `yes` is
        // true to 1.1 and "yes" to us: the formatter quotes it, settling on our reading).
        if (isDeepStrictEqual(data11(source), data(source))) expect(data11(once)).toEqual(data11(source))
        else expect(data11(once)).toEqual(data(source))
        expect(format(once)).toBe(once)
        for (const c of kept.slice(0, 2)) expect(once).toContain(`# ${c}`)
      }),
      { numRuns: 300 },
    )
  })
})

describe('cr fmt: the command', () => {
  const tree = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-fmt-'))
    cpSync(join(repo, 'releases/v24.03'), join(dir, 'rules'), { recursive: true })
    return dir
  }
  const run = async (argv: string[], cwd: string) => {
    const io = memoryIo({ cwd })
    const code = await main(argv, io)
    return { code, out: io.out(), err: io.err() }
  }

  it('--check lists what is not canonical and exits 1; cr fmt rewrites; then --check passes', async () => {
    const dir = tree()
    const before = await run(['fmt', '--check'], dir)
    expect(before.code).toBe(1)
    expect(before.out).toMatch(/^rules\/06_runs\.yaml:\d+:1: /m)
    expect(before.err).toMatch(/files not in the canonical layout; run `cr fmt`/)
    const runs = readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')

    expect((await run(['fmt'], dir)).code).toBe(0)
    expect(readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')).not.toBe(runs)
    expect(await run(['fmt', '--check', 'rules'], dir)).toMatchObject({ code: 0, out: '' })
    // Only the rules files are in the folder: no temporary files left behind.
    expect(readdirSync(join(dir, 'rules')).filter((n) => !n.endsWith('.yaml'))).toEqual([])
  })

  it('--check says, in every format, the first line out of layout of each file', async () => {
    const dir = tree()
    const runs = readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')
    const first = firstChange(runs, format(runs))
    const text = await run(['fmt', '--check'], dir)
    expect(text.out).toContain(`rules/06_runs.yaml:${first}:1: not in the canonical layout from line ${first}\n`)
    const json = await run(['fmt', '--check', '--format', 'json'], dir)
    const found = (JSON.parse(json.out).messages as { file: string; line: number }[]).find((m) => m.file === 'rules/06_runs.yaml')
    expect(found?.line).toBe(first)
    // Every file listed in text is a finding in JSON, at the same line.
    const listed = text.out.trim().split('\n').map((l) => /^(.+?):(\d+):1: /.exec(l)!.slice(1, 3).join(':'))
    expect(listed).toEqual((JSON.parse(json.out).messages as { file: string; line: number }[]).map((m) => `${m.file}:${m.line}`))
  })

  it('refuses a frozen release, however it is named, and writes nothing; --frozen overrides', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-fmt-frozen-'))
    cpSync(join(repo, 'releases/v24.03'), join(dir, 'releases/v24.03'), { recursive: true })
    cpSync(join(repo, 'rules'), join(dir, 'rules'), { recursive: true })
    symlinkSync(join(dir, 'releases/v24.03'), join(dir, 'latest'))
    const bytes = () => readdirSync(join(dir, 'releases/v24.03')).map((n) => readFileSync(join(dir, 'releases/v24.03', n), 'utf8'))
    const before = bytes()
    const forms: [string[], string][] = [
      [['releases/v24.03'], dir],
      [['releases/v24.03/'], dir],
      [['./releases//v24.03'], dir],
      [['releases/v24.03/06_runs.yaml'], dir],
      [['rules', 'releases/v24.03'], dir],
      [['latest'], dir],
      [['.'], join(dir, 'releases/v24.03')],
      [['v24.03'], join(dir, 'releases')],
    ]
    for (const [paths, cwd] of forms) {
      for (const check of [[], ['--check'], ['--check', '--format', 'json']]) {
        const r = await run(['fmt', ...check, ...paths], cwd)
        expect(r.code, `${check} ${paths}`).toBe(2)
        expect(r.err, `${check} ${paths}`).toMatch(/^cr fmt: error: refusing to format `.+`: it is in the frozen release v24\.03, .*pass --frozen/)
        expect(r.out).toBe('')
      }
    }
    expect(bytes()).toEqual(before)
    // The override, for a release committed out of layout: --check names it.
    const check = await run(['fmt', '--check', '--frozen', 'releases/v24.03'], dir)
    expect(check.code).toBe(1)
    expect(check.out).toMatch(/^releases\/v24\.03\/\d\d_\w+\.yaml:\d+:1: not in the canonical layout/m)
    expect(check.err).toMatch(/run `cr fmt --frozen`/)
  })

  it('a folder with no chapter file is an error, not a pass over nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cr-fmt-empty-'))
    cpSync(join(repo, 'releases/v24.03'), join(dir, 'releases/v24.03'), { recursive: true })
    mkdirSync(join(dir, 'empty'))
    mkdirSync(join(dir, 'notes'))
    writeFileSync(join(dir, 'notes/notes.yaml'), 'a: 1\n')
    for (const check of [[], ['--check']]) {
      const releases = await run(['fmt', ...check, 'releases/'], dir)
      expect(releases.code).toBe(2)
      expect(releases.err).toMatch(/^cr fmt: error: no chapter files .* in `releases\/`; its folders are a frozen release \(v24\.03\)/)
      for (const p of ['empty', 'notes']) {
        const r = await run(['fmt', ...check, p], dir)
        expect(r.code, p).toBe(2)
        expect(r.err, p).toMatch(new RegExp(`^cr fmt: error: no chapter files .* in \`${p}\``))
      }
    }
    expect(readFileSync(join(dir, 'notes/notes.yaml'), 'utf8')).toBe('a: 1\n')
  })

  it('reports broken YAML as cr check does and writes nothing', async () => {
    const dir = tree()
    const broken = 'chapter: chpt_x\ntext: "unclosed\n'
    writeFileSync(join(dir, 'rules/99_broken.yaml'), broken)
    const runs = readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')
    const r = await run(['fmt'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^rules\/99_broken\.yaml:2:7: error\[yaml-syntax\]: /)
    expect(readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')).toBe(runs)
  })
})

describe('cr fmt: the published documents are unchanged', () => {
  const strip = (doc: ReturnType<typeof compile>['document']) => JSON.parse(JSON.stringify(doc, (k, v) => (k === 'source' ? undefined : v)))

  // The fidelity suites (tests/fidelity/*) read nothing but the compiled document: a formatted
  // copy that compiles to the same document (source positions aside) passes them as rules/ does,
  // in this same run. (This used to run those suites again in a nested `vitest run`.)
  it('formatted rules/ and releases compile to the same documents and diagnostics', () => {
    const root = mkdtempSync(join(tmpdir(), 'cr-fmt-fidelity-'))
    const cards = loadCards()
    for (const dir of sourceDirs) {
      mkdirSync(join(root, dir), { recursive: true })
      for (const name of readdirSync(join(repo, dir)).filter((n) => n.endsWith('.yaml'))) {
        writeFileSync(join(root, dir, name), formatSource(readFileSync(join(repo, dir, name), 'utf8')))
      }
      const ours = compile(readRulesDir(dir, root), { cards })
      const original = compile(readRulesDir(dir, repo), { cards })
      expect(ours.messages.map((m) => m.code)).toEqual(original.messages.map((m) => m.code))
      expect(strip(ours.document)).toEqual(strip(original.document))
    }
    rmSync(root, { recursive: true, force: true })
  }, 300_000)
})
