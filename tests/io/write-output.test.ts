import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OUTPUT_MARKER, OutputRefusedError, writeOutputDir } from '../../src/io/write-output.ts'

const scratch = () => mkdtempSync(join(tmpdir(), 'cr-out-'))

describe('writeOutputDir refuses what it did not write', () => {
  it('refuses the input folder, and any folder that contains it', () => {
    const root = scratch()
    const rules = join(root, 'rules')
    mkdirSync(rules)
    writeFileSync(join(rules, '01_x.yaml'), 'keep me')
    for (const out of [rules, root, join(rules, '..'), '/']) {
      expect(() => writeOutputDir(out, { 'rules.json': '{}' }, { inputs: [rules] })).toThrow(OutputRefusedError)
    }
    expect(readFileSync(join(rules, '01_x.yaml'), 'utf8')).toBe('keep me')
    expect(readdirSync(rules)).toEqual(['01_x.yaml'])
  })

  it('refuses the input reached through a symbolic link', () => {
    const root = scratch()
    mkdirSync(join(root, 'rules'))
    symlinkSync(join(root, 'rules'), join(root, 'alias'))
    expect(() => writeOutputDir(join(root, 'alias'), { 'a.json': '1' }, { inputs: [join(root, 'rules')] })).toThrow(/is the input/)
  })

  it('refuses a regular file and a device', () => {
    const root = scratch()
    writeFileSync(join(root, 'notes.txt'), 'mine')
    expect(() => writeOutputDir(join(root, 'notes.txt'), { 'a.json': '1' })).toThrow(/it is a file/)
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('mine')
    if (existsSync('/dev/null')) expect(() => writeOutputDir('/dev/null', { 'a.json': '1' })).toThrow(/not a folder/)
  })

  it('refuses a non-empty folder without the marker', () => {
    const root = scratch()
    writeFileSync(join(root, 'thesis.tex'), 'years of work')
    expect(() => writeOutputDir(root, { 'a.json': '1' })).toThrow(/not empty and was not written by `cr`/)
    expect(readdirSync(root)).toEqual(['thesis.tex'])
  })

  it('refuses file names that leave the output folder', () => {
    const root = scratch()
    for (const name of ['../x', '/etc/x', 'a/../../x', OUTPUT_MARKER, '']) {
      expect(() => writeOutputDir(join(root, 'out'), { [name]: '1' })).toThrow(/stay inside/)
    }
  })
})

describe('writeOutputDir replaces its own output', () => {
  it('writes a new folder, then replaces it and drops files it no longer writes', () => {
    const out = join(scratch(), 'deep', 'out')
    writeOutputDir(out, { 'rules.json': 'v1', 'old.json': 'x', 'types/a.d.ts': 't' })
    expect(readFileSync(join(out, 'rules.json'), 'utf8')).toBe('v1')
    writeOutputDir(out, { 'rules.json': 'v2', 'types/a.d.ts': 't2' })
    expect(readFileSync(join(out, 'rules.json'), 'utf8')).toBe('v2')
    expect(existsSync(join(out, 'old.json'))).toBe(false)
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'rules.json', 'types'])
  })

  it('accepts an empty folder, and keeps files a user added beside our output', () => {
    const out = scratch()
    writeOutputDir(out, { 'rules.json': 'v1' })
    writeFileSync(join(out, 'README.txt'), 'user note')
    writeOutputDir(out, { 'rules.json': 'v2' })
    expect(readFileSync(join(out, 'README.txt'), 'utf8')).toBe('user note')
  })

  it('cleans staging left by a killed run and keeps the previous output', () => {
    const out = scratch()
    writeOutputDir(out, { 'rules.json': 'v1' })
    // A run killed mid-write leaves its staging folder; pid 2^22+1 is never alive.
    mkdirSync(join(out, '.cr-staging-4194305-x-y'))
    writeFileSync(join(out, '.cr-staging-4194305-x-y', 'rules.json'), 'half')
    expect(readFileSync(join(out, 'rules.json'), 'utf8')).toBe('v1')
    writeOutputDir(out, { 'rules.json': 'v2' })
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'rules.json'])
  })

  it('concurrent writers all succeed, leak nothing, and a reader never sees a missing or partial file', async () => {
    const out = scratch()
    writeOutputDir(out, { 'rules.json': JSON.stringify({ n: 0, pad: 'x'.repeat(200_000) }) })
    const module = new URL('../../src/io/write-output.ts', import.meta.url).href
    const writer = (id: number) =>
      new Promise<number>((done) => {
        const code = `const { writeOutputDir } = await import(${JSON.stringify(module)}); for (let i = 0; i < 40; i++) writeOutputDir(${JSON.stringify(out)}, { 'rules.json': JSON.stringify({ n: ${id} * 1000 + i, pad: 'x'.repeat(200000) }) })`
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: 'inherit' })
        child.on('exit', (status) => done(status ?? -1))
      })
    let reads = 0
    let failures = 0
    let running = true
    const reader = (async () => {
      while (running) {
        try {
          JSON.parse(readFileSync(join(out, 'rules.json'), 'utf8'))
        } catch {
          failures++
        }
        reads++
        await new Promise((r) => setImmediate(r))
      }
    })()
    const codes = await Promise.all([writer(1), writer(2)])
    running = false
    await reader
    expect(codes).toEqual([0, 0])
    expect(reads).toBeGreaterThan(0)
    expect(failures).toBe(0)
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'rules.json'])
  }, 600_000)
})

describe('writeOutputDir against hostile output folders (issue 11)', () => {
  it('a forged marker and a symbolic link never make it delete outside the folder', () => {
    const root = scratch()
    const outside = join(root, 'outside')
    mkdirSync(outside)
    writeFileSync(join(outside, 'precious.txt'), 'keep me')
    const out = join(root, 'out')
    mkdirSync(out)
    symlinkSync(outside, join(out, 'sub'))
    writeFileSync(join(out, OUTPUT_MARKER), JSON.stringify({ generator: 'netrunner-cr', files: ['sub/precious.txt', 'rules.json'] }))
    writeOutputDir(out, { 'rules.json': 'v1' })
    expect(readFileSync(join(outside, 'precious.txt'), 'utf8')).toBe('keep me')
  })

  it('never writes through a symbolic link inside the folder', () => {
    const root = scratch()
    const outside = join(root, 'outside')
    mkdirSync(outside)
    const out = join(root, 'out')
    writeOutputDir(out, { 'rules.json': 'v1' })
    symlinkSync(outside, join(out, 'types'))
    expect(() => writeOutputDir(out, { 'rules.json': 'v2', 'types/a.d.ts': 'x' })).toThrow(OutputRefusedError)
    expect(readdirSync(outside)).toEqual([])
    // Refused before anything was installed.
    expect(readFileSync(join(out, 'rules.json'), 'utf8')).toBe('v1')
  })

  it.skipIf(spawnSyncOk('mkfifo') === false)('a FIFO in place of the marker does not hang it', () => {
    const out = scratch()
    expect(spawnSync('mkfifo', [join(out, OUTPUT_MARKER)]).status).toBe(0)
    // Not a marker we can read, so the folder is not ours: refused, at once.
    expect(() => writeOutputDir(out, { 'rules.json': 'v1' })).toThrow(/not written by `cr`/)
  }, 30_000)

  it('the marker goes in before the files: a run killed halfway leaves a folder the next run accepts', () => {
    const out = scratch()
    writeOutputDir(out, { 'rules.json': 'v1' })
    // What a run killed after the marker and one rename leaves: a new file not yet in the final marker.
    const marker = JSON.parse(readFileSync(join(out, OUTPUT_MARKER), 'utf8')) as { files: string[] }
    writeFileSync(join(out, OUTPUT_MARKER), JSON.stringify({ generator: 'netrunner-cr', files: [...marker.files, 'examples.json'] }))
    writeFileSync(join(out, 'examples.json'), 'half-run')
    writeOutputDir(out, { 'rules.json': 'v2' })
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'rules.json'])
  })

  // Root writes into read-only folders, so this can only be shown as another user.
  it.skipIf(process.getuid?.() === 0)('a read-only folder fails before anything is installed', () => {
    const out = scratch()
    writeOutputDir(out, { 'rules.json': 'v1' })
    chmodSync(out, 0o555)
    try {
      expect(() => writeOutputDir(out, { 'rules.json': 'v2' })).toThrow()
      expect(readFileSync(join(out, 'rules.json'), 'utf8')).toBe('v1')
    } finally {
      chmodSync(out, 0o755)
    }
  })
  if (process.getuid?.() === 0) console.log('write-output: the read-only folder case is skipped: running as root, which can write into read-only folders')
})

function spawnSyncOk(command: string): boolean {
  return spawnSync(command, ['--version']).status === 0
}
