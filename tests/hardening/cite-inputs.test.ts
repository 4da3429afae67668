/**
 * Hostile and careless inputs to `cr cite` (issue 11), in-process: every
 * path that cannot be scanned is reported with its path and the rest goes
 * on; project patterns cannot hang a scan; nothing overflows the stack.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { compileDir } from '../../src/io/compile-dir.ts'
import { buildIndexFiles } from '../../src/core/index-json.ts'
import { compilePattern } from '../../src/core/cite/pattern.ts'
import { readCiteConfig } from '../../src/core/cite/config.ts'

const repo = join(import.meta.dirname, '../..')
let tmp: string
let index: string

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cr-hard-cite-'))
  const { model } = compileDir(join(repo, 'rules'))
  index = join(tmp, 'rules.json')
  writeFileSync(index, buildIndexFiles(model!)['rules.json']!)
}, 600_000)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function project(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmp, 'p-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

async function cite(cwd: string, args: string[] = []) {
  const io = memoryIo({ cwd })
  const code = await main(['cite', '--index', index, ...args], io)
  return { code, out: io.out(), err: io.err() }
}

const json = async (cwd: string, args: string[] = []) => {
  const r = await cite(cwd, ['--json', ...args])
  return { code: r.code, data: JSON.parse(r.out) as { files: number; citations: { file: string; line: number; column: number; id: string }[]; problems: { file: string; code: string; severity: string; message: string }[] } }
}

describe('every path that fails is reported, and the rest goes on', () => {
  it('a folder named .gitignore', async () => {
    const dir = project({ 'a.ts': '// CR 6.1.4\n', '.gitignore/x': '' })
    const { data } = await json(dir)
    expect(data.citations.map((c) => c.file)).toEqual(['a.ts'])
    expect(data.problems).toContainEqual(expect.objectContaining({ file: '.gitignore', code: 'file-not-regular', severity: 'warning' }))
  })

  it('a file over the cap (sparse, 3 GiB): reported by path, not read, the others scanned', async () => {
    const dir = project({ 'a.ts': '// CR 6.1.4\n', 'huge.log': '' })
    truncateSync(join(dir, 'huge.log'), 3 * 1024 ** 3)
    const r = await cite(dir)
    // The report is on stdout, in the problem-matcher form `file:line:col: severity: message [code]`.
    expect(r.out).toContain('huge.log:1:1: error: not scanned: it is 3.0 GiB, over the limit of 16.0 MiB; add it to `cite.exclude` in cr.config.json [file-too-large]')
    expect(r.out).toContain('cr cite: 1 file, 1 citation')
    expect(r.code).toBe(1)
  }, 600_000)

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('a FIFO in the tree is reported, not waited on', async () => {
    const dir = project({ 'a.ts': '// CR 6.1.4\n' })
    expect(spawnSync('mkfifo', [join(dir, 'pipe.ts')]).status).toBe(0)
    const { data } = await json(dir)
    expect(data.citations).toHaveLength(1)
    expect(data.problems).toContainEqual(expect.objectContaining({ file: 'pipe.ts', code: 'file-not-regular', message: 'not scanned: a named pipe (FIFO)' }))
  }, 600_000)

  it('a named binary file is reported, not skipped silently', async () => {
    const dir = project({ 'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'blob.ts': Buffer.from([1, 0, 2, 0]) })
    const { data } = await json(dir, ['logo.png', 'blob.ts'])
    expect(data.problems.map((p) => `${p.file} ${p.severity}[${p.code}]`).sort()).toEqual(['blob.ts warning[file-binary]', 'logo.png warning[file-binary]'])
  })

  it('UTF-16 sources (with a byte-order mark) are scanned', async () => {
    const text = '// first\n// CR 6.1.4\n'
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const be = Buffer.from(le)
    be.swap16()
    const dir = project({ 'le.cs': le, 'be.cs': be })
    const { data } = await json(dir)
    expect(data.citations.map((c) => `${c.file}:${c.line}:${c.column}`)).toEqual(['be.cs:2:4', 'le.cs:2:4'])
  })

  it('CR-only line endings count lines', async () => {
    const dir = project({ 'mac.txt': 'one\rtwo\r  CR 6.1.4\r' })
    const { data } = await json(dir)
    expect(data.citations.map((c) => `${c.line}:${c.column}`)).toEqual(['3:3'])
  })

  it('a symbolic link out of the tree is not followed', async () => {
    const dir = project({ 'a.ts': '// CR 6.1.4\n' })
    symlinkSync('/dev/zero', join(dir, 'zero.ts'))
    const { data } = await json(dir)
    expect(data.files).toBe(1)
  })
})

describe('bounds', () => {
  it('200,000 citations in one file: no stack overflow', async () => {
    const dir = project({ 'many.txt': 'CR 6.1.4\n'.repeat(200_000) })
    const { code, data } = await json(dir)
    expect(code).toBe(0)
    expect(data.citations).toHaveLength(200_000)
  }, 600_000)

  it('a pattern with nested quantifiers runs in linear time', async () => {
    const dir = project({
      'cr.config.json': JSON.stringify({ cite: { patterns: ['(a+)+$', '(?<ref>(x|xx)+y)'] } }),
      'evil.txt': `${'a'.repeat(50_000)}!\n${'x'.repeat(50_000)}\n`,
    })
    const started = performance.now()
    const r = await cite(dir)
    // A backtracking engine takes longer than the universe has; linear time is well under this bound on a loaded machine.
    expect(performance.now() - started).toBeLessThan(30_000)
    expect(r.out).toContain('cr cite: ')
  }, 600_000)

  it('patterns keep JavaScript syntax and positions (named groups, indices, astral characters)', () => {
    const re = compilePattern('cite!\\("(?<ref>[^"]*)"\\)')
    const text = '😀 cite!("rule_a") cite!("rule_b")'
    const first = re.exec(text)!
    expect([first.index, first.indices!.groups!.ref, first.groups!.ref]).toEqual([3, [10, 16], 'rule_a'])
    expect(re.exec(text)!.groups!.ref).toBe('rule_b')
    expect(re.exec(text)).toBeNull()
  })

  it('refuses backreferences and lookaround, saying why', () => {
    const messages = (p: string) => readCiteConfig({ cite: { patterns: [p] } }, 'cr.config.json').problems.map((x) => x.message)
    expect(messages('(a)\\1')).toEqual(['Invalid pattern: /(a)\\1/: backreferences are not supported (patterns run in linear time)'])
    expect(messages('(?<=x)rule_a')).toEqual(['Invalid pattern: /(?<=x)rule_a/: lookahead and lookbehind are not supported (patterns run in linear time)'])
  })
})

describe('clear messages instead of raw errors', () => {
  it.each([
    ['null', 'is not a rules.json (expected an object with a `rules` list'],
    ['{"rules": [null]}', 'is not a rules.json (expected an object with a `rules` list'],
    ['not json', 'is not a rules.json: Unexpected token'],
  ])('cite --index with %s', async (content, message) => {
    const dir = project({ 'idx.json': content, 'a.ts': '' })
    const io = memoryIo({ cwd: dir })
    const code = await main(['cite', '--index', join(dir, 'idx.json')], io)
    expect(code).toBe(2)
    expect(io.err()).toContain(message)
    expect(io.err()).not.toContain('TypeError')
  })

  it('cite --index on a folder', async () => {
    const dir = project({ 'a.ts': '' })
    const io = memoryIo({ cwd: dir })
    expect(await main(['cite', '--index', dir], io)).toBe(2)
    expect(io.err()).toContain('is a folder, expected a regular file')
  })
})
