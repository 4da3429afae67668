/**
 * Hostile and careless inputs to `cr check` / `cr show` / `cr index`
 * (issue 11), in-process through `main(argv, io)`: each is refused or
 * reported with its path, and nothing hangs or crashes.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { readInputFile } from '../../src/io/read-input.ts'
import { escapeForTerminal, escapeStreamText } from '../../src/core/terminal-text.ts'

const repo = join(import.meta.dirname, '../..')
const fixture = (name: string) => join(repo, 'tests/fixtures/diagnostics', name, 'rules')
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-hard-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function cr(argv: string[]) {
  const io = memoryIo({ cwd: tmp })
  const code = await main(argv, io)
  return { code, out: io.out(), err: io.err() }
}

/** A copy of a small valid rules folder to plant things in. */
function rulesCopy(name: string): string {
  const dir = join(tmp, name, 'rules')
  mkdirSync(join(tmp, name), { recursive: true })
  cpSync(fixture('unknown-rule'), dir, { recursive: true })
  writeFileSync(join(dir, '01_test.yaml'), 'chapter: chpt_test\ntext: Test Chapter\nsections:\n- section: sec_test\n  text: Test Section\n  rules:\n  - rule: rule_one\n    text: One.\n')
  return dir
}

const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0

describe('only regular files are read', () => {
  it.skipIf(!hasMkfifo)('a FIFO named like a chapter is refused, not waited on', async () => {
    const dir = rulesCopy('fifo')
    expect(spawnSync('mkfifo', [join(dir, '02_x.yaml')]).status).toBe(0)
    const r = await cr(['check', dir])
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/02_x\.yaml:1:1: error\[file-not-regular\]: `02_x\.yaml` is a named pipe \(FIFO\), expected a regular file/)
  }, 600_000)

  it('a symbolic link to /dev/zero is refused before reading', async () => {
    const dir = rulesCopy('zero')
    symlinkSync('/dev/zero', join(dir, '03_zero.yaml'))
    const r = await cr(['check', dir])
    expect(r.code).toBe(1)
    expect(r.out).toMatch(/03_zero\.yaml:1:1: error\[file-not-regular\]: `03_zero\.yaml` is a symbolic link to `\/dev\/zero`, outside/)
  }, 600_000)

  it('a link inside the folder is followed', async () => {
    const dir = rulesCopy('inner-link')
    const { renameSync } = await import('node:fs')
    renameSync(join(dir, '01_test.yaml'), join(dir, 'chapter.txt'))
    symlinkSync('chapter.txt', join(dir, '01_test.yaml'))
    const r = await cr(['check', dir])
    expect(r.out).not.toContain('error[')
    expect(r.code).toBe(0)
  }, 600_000)

  it('a 1 GiB sparse file is refused from its size, without reading it', async () => {
    const dir = rulesCopy('sparse')
    writeFileSync(join(dir, '04_big.yaml'), '')
    truncateSync(join(dir, '04_big.yaml'), 1024 ** 3)
    const before = process.memoryUsage().rss
    const r = await cr(['check', dir])
    expect(r.code).toBe(1)
    expect(r.out).toContain('error[file-too-large]: `04_big.yaml` is 1.0 GiB, over the limit of 32.0 MiB')
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024)
  }, 600_000)

  it('reading stops at the cap even when stat says 0 bytes (/proc files)', () => {
    expect(() => readInputFile('/dev/zero', { maxBytes: 1024 })).toThrow(/is a character device, expected a regular file/)
    expect(readInputFile('/proc/self/status', { maxBytes: 1 << 20 }).length).toBeGreaterThan(0)
    expect(() => readInputFile('/proc/self/status', { maxBytes: 10 })).toThrow(/over the limit of 10 bytes/)
  })
})

describe('clear messages instead of raw errors', () => {
  it('a folder named `02_dir.yaml`', async () => {
    const r = await cr(['check', fixture('file-not-regular')])
    expect(r.code).toBe(1)
    expect(r.out).toContain('error[file-not-regular]: `02_dir.yaml` is a folder, expected a regular file')
    expect(r.out).not.toContain('EISDIR')
  })

  it('--cards /etc/passwd', async () => {
    const r = await cr(['check', '--cards', '/etc/passwd', fixture('unknown-rule')])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/^cr check: error: \/etc\/passwd: not card data: .*expected the JSON of data\/cards\.json\n$/)
  })

  it('--cards with JSON that is not card data', async () => {
    const file = join(tmp, 'null.json')
    writeFileSync(file, 'null')
    const r = await cr(['check', '--cards', file, fixture('unknown-rule')])
    expect(r.code).toBe(2)
    expect(r.err).toContain('not card data: expected an object with a `cards` list')
  })

  it('--releases /etc (no releases inside) is an error, not a silent no-op', async () => {
    const r = await cr(['check', '--releases', '/etc', join(repo, 'rules')])
    expect(r.code).toBe(2)
    expect(r.err).toBe('cr check: error: No releases in /etc: expected folders named like `v24.03` (--releases takes the folder that holds them)\n')
  })
})

describe('YAML the `yaml` package would warn about is a diagnostic, never a Node warning', () => {
  // Found by the fuzzer: "Keys with collection values will be stringified…" on the user's stderr.
  it.each([
    ['an explicit sequence key', '? [a, b]\n: c\n', '1:3', 'sequence'],
    ['a sequence key in a flow mapping', 'chapter: chpt_x\ntext: X\nsections: []\nx: {[a]: 1}\n', '4:5', 'sequence'],
    ['a mapping key', 'chapter: chpt_x\ntext: X\n? {a: 1}\n: 2\nsections: []\n', '3:3', 'mapping'],
    ['a sequence key js-yaml would read as `text`', 'chapter: chpt_x\n[text]: X\nsections: []\n', '2:1', 'sequence'],
    ['an alias of a sequence as a key', 'chapter: chpt_x\ntext: &t [X]\n*t : 2\nsections: []\n', '3:1', 'sequence'],
    // js-yaml refuses the duplicate, so `yaml` turns the file into data: where the library warned.
    ['a collection key beside a duplicate key', 'chapter: chpt_x\nchapter: chpt_y\ntext: X\n? [a, b]\n: c\nsections: []\n', '4:3', 'sequence'],
  ])('%s', async (name, text, at, kind) => {
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.message)
    process.on('warning', onWarning)
    try {
      const dir = rulesCopy(`collection-key-${name.replace(/\W+/g, '-')}`)
      writeFileSync(join(dir, '02_keys.yaml'), text)
      const out = join(dir, '../out')
      for (const argv of [['check', dir], ['index', '--out', out, dir]]) {
        const r = await cr(argv)
        expect(r.code, argv[0]).toBe(1)
        expect(argv[0] === 'check' ? r.out : r.err).toContain(`02_keys.yaml:${at}: error[yaml-collection-key]: Unexpected ${kind} as a key, expected a plain key such as \`text:\``)
        // The data is not guessed at: no schema complaints about a key made of the collection's text.
        expect(argv[0] === 'check' ? r.out : r.err).not.toMatch(/schema-|stringified/)
      }
      expect(existsSync(out)).toBe(false)
      // Node emits process warnings on a later tick.
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})

describe('the ID guard fails on a release it cannot read', () => {
  it('a release with a broken file', async () => {
    const root = join(repo, 'tests/fixtures/diagnostics/release-unreadable')
    const r = await cr(['check', '--releases', join(root, 'releases'), join(root, 'rules')])
    expect(r.code).toBe(1)
    expect(r.out).toContain('error[release-unreadable]: Release v99.00 cannot be read, so the ID guard cannot check it')
  })

  it('a release with a folder named like a chapter', async () => {
    const base = join(tmp, 'guard-dir')
    cpSync(join(repo, 'tests/fixtures/diagnostics/release-unreadable'), base, { recursive: true })
    writeFileSync(join(base, 'releases/v99.00/01_test.yaml'), 'chapter: chpt_test\ntext: T\nsections: []\n')
    mkdirSync(join(base, 'releases/v99.00/02_dir.yaml'))
    const r = await cr(['check', '--releases', join(base, 'releases'), join(base, 'rules')])
    expect(r.code).toBe(1)
    expect(r.out).toContain('error[release-unreadable]: Release v99.00 cannot be read, so the ID guard cannot check it: `02_dir.yaml` is a folder')
  })
})

describe('the terminal never receives raw control characters', () => {
  it('escapes C0, C1 and bidi controls one for one, keeps line breaks and tabs', () => {
    expect(escapeForTerminal('a\u001b[31mb\u0000c\u009bd\u202ee\tf\ng')).toBe('a\u241b[31mb\u2400c\ufffdd\ufffde\tf\ng')
    // The stream filter lets our own colours through, nothing else.
    expect(escapeStreamText('\u001b[31;9mx\u001b[0m \u001b]0;title\u0007 \u202e')).toBe('\u001b[31;9mx\u001b[0m \u241b]0;title\u2407 \\u202e')
  })

  it('cr check prints a rule with ANSI escapes and bidi overrides escaped', async () => {
    for (const name of ['text-control-char', 'text-bidi-char']) {
      const r = await cr(['check', fixture(name)])
      expect(r.code).toBe(1)
      expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    }
  })

  it('cr show never writes a raw escape, whatever the rule says', async () => {
    const dir = rulesCopy('show')
    // Escapes in a title and a rule: OSC (retitle the window) and CSI (clear the screen).
    writeFileSync(join(dir, '01_test.yaml'), 'chapter: chpt_test\ntext: Test Chapter\nsections:\n- section: sec_test\n  text: "Test \\e]0;pwned\\a Section"\n  rules:\n  - rule: rule_one\n    text: "One \\e[2J cleared."\n')
    const r = await cr(['show', '--dir', dir, 'rule_one'])
    // The compiler refuses the text (text-control-char); the report is escaped too.
    expect(r.code).toBe(1)
    expect(r.err).toContain('error[text-control-char]')
    expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
  })

  it('JSON output keeps bidi controls inside strings as \\u escapes: still valid, same value', () => {
    const json = JSON.stringify({ text: 'a\u202eb\u0085c' })
    expect(JSON.parse(escapeStreamText(json))).toEqual({ text: 'a\u202eb\u0085c' })
    expect(escapeStreamText(json)).not.toMatch(/[\u0080-\u009f\u202a-\u202e]/)
  })
})
