/**
 * Every write is verified before it replaces anything (issue 24, case 1: `cr fmt`
 * truncated the sources on a nearly full disk and exited 0). Two ways to fill a
 * disk: a file-system shim that takes fewer bytes than asked and then fails
 * (runs everywhere), and a real tmpfs mounted full (runs as root, where mount(2)
 * is allowed; otherwise the test prints why it is skipped).
 */
import * as fs from 'node:fs'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replaceFileVerified, writeNewFileVerified, WriteFailedError, type DurableFs } from '../../src/io/durable-write.ts'
import { flushOutputFolder } from '../../src/io/files.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'
import { fillTo, mountTmpfs, unmount } from './fault.ts'

/** A disk with `free` bytes left: each write takes at most what is left (a short write), then ENOSPC. */
function fullDisk(free: number): DurableFs & { written: () => number } {
  let left = free
  let total = 0
  return {
    ...fs,
    writeSync: ((fd: number, buffer: Uint8Array, offset: number, length: number) => {
      if (left === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
      const n = Math.min(left, length, 4096)
      left -= n
      total += n
      return fs.writeSync(fd, buffer, offset, n)
    }) as unknown as typeof fs.writeSync,
    written: () => total,
  }
}

/** A disk that takes every byte but a few at a time (legal for write(2)): the loop must finish the file. */
const trickling: DurableFs = { ...fs, writeSync: ((fd: number, buffer: Uint8Array, offset: number, length: number) => fs.writeSync(fd, buffer, offset, Math.min(length, 7))) as unknown as typeof fs.writeSync }

const work = mkdtempSync(join(tmpdir(), 'cr-durable-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('replaceFileVerified: a failed write never replaces the original', () => {
  it('leaves the original byte for byte, and no temporary file, when the disk fills mid-file', () => {
    const path = join(work, 'source.yaml')
    const original = 'text: the original\n'.repeat(100)
    writeFileSync(path, original)
    const disk = fullDisk(1000)
    expect(() => replaceFileVerified(path, 'text: the replacement\n'.repeat(500), { fs: disk })).toThrow(WriteFailedError)
    expect(disk.written()).toBe(1000)
    expect(readFileSync(path, 'utf8')).toBe(original)
    expect(readdirSync(work)).toEqual(['source.yaml'])
  })

  it('says why in words a person reads', () => {
    const path = join(work, 'why.yaml')
    writeFileSync(path, 'a: 1\n')
    try {
      replaceFileVerified(path, 'a: 2\n'.repeat(10), { fs: fullDisk(3) })
      expect.unreachable()
    } catch (error) {
      expect((error as WriteFailedError).reason).toBe('no space left on device')
      expect((error as Error).message).toContain('why.yaml')
    }
  })

  it('finishes a file the disk takes a few bytes at a time', () => {
    const path = join(work, 'trickle.yaml')
    writeFileSync(path, 'old\n')
    const content = 'é and ∞ survive partial writes\n'.repeat(50)
    replaceFileVerified(path, content, { fs: trickling })
    expect(readFileSync(path, 'utf8')).toBe(content)
  })

  it('keeps the file mode, and refuses a symbolic link rather than turning it into a copy', () => {
    const target = join(work, 'target.yaml')
    writeFileSync(target, 'x: 1\n', { mode: 0o640 })
    replaceFileVerified(target, 'x: 2\n')
    expect(fs.statSync(target).mode & 0o777).toBe(0o640)
    const link = join(work, 'link.yaml')
    symlinkSync(target, link)
    expect(() => replaceFileVerified(link, 'x: 3\n')).toThrow(/symbolic link/)
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readFileSync(target, 'utf8')).toBe('x: 2\n')
  })

  it('writeNewFileVerified never clobbers an existing file and removes its own partial file', () => {
    const path = join(work, 'new.json')
    writeFileSync(path, 'theirs')
    expect(() => writeNewFileVerified(path, 'ours')).toThrow(WriteFailedError)
    expect(readFileSync(path, 'utf8')).toBe('theirs')
    const fresh = join(work, 'fresh.json')
    expect(() => writeNewFileVerified(fresh, 'x'.repeat(10_000), { fs: fullDisk(100) })).toThrow(WriteFailedError)
    expect(fs.existsSync(fresh)).toBe(false)
  })
})

/** A disk that counts fsyncs (of files and folders), optionally over another shim. */
function counting(base: DurableFs = fs): DurableFs & { syncs: () => number } {
  let syncs = 0
  return { ...base, fsyncSync: ((fd: number) => (syncs++, fs.fsyncSync(fd))) as typeof fs.fsyncSync, syncs: () => syncs }
}

describe('sync: false (a build output folder): checked like every write, only not fsynced', () => {
  it('fsyncs nothing, neither the file nor its folder, where the default syncs both', () => {
    const synced = counting()
    replaceFileVerified(join(work, 'synced.html'), 'a', { fs: synced })
    expect(synced.syncs()).toBe(2)
    const unsynced = counting()
    replaceFileVerified(join(work, 'unsynced.html'), 'a', { fs: unsynced, sync: false })
    writeNewFileVerified(join(work, 'unsynced-new.html'), 'b', { fs: unsynced, sync: false })
    expect(unsynced.syncs()).toBe(0)
    expect(readFileSync(join(work, 'unsynced.html'), 'utf8')).toBe('a')
    expect(readFileSync(join(work, 'unsynced-new.html'), 'utf8')).toBe('b')
  })

  it('still finishes a trickled file, and a full disk still fails it with nothing left behind', () => {
    const path = join(work, 'page.html')
    const text = '<p>a permalink page</p>\n'.repeat(300)
    writeNewFileVerified(path, text, { fs: counting(trickling), sync: false })
    expect(readFileSync(path, 'utf8')).toBe(text)
    // A new page on a full disk: an error naming it, and no partial file for the next build to trip on.
    const partial = join(work, 'partial.html')
    expect(() => writeNewFileVerified(partial, text, { fs: fullDisk(500), sync: false })).toThrow(/partial\.html.*no space left/)
    expect(fs.existsSync(partial)).toBe(false)
    // A replacement on a full disk leaves the old page whole.
    expect(() => replaceFileVerified(path, text.repeat(2), { fs: fullDisk(500), sync: false })).toThrow(WriteFailedError)
    expect(readFileSync(path, 'utf8')).toBe(text)
    // Two writers of one output path: the second fails rather than replacing the first's file.
    expect(() => writeNewFileVerified(path, 'other', { sync: false })).toThrow(WriteFailedError)
  })
  it('a finished output folder is flushed to disk in one call (sync -f), said false where it cannot be', () => {
    writeNewFileVerified(join(work, 'flushed.html'), 'c', { sync: false })
    expect(flushOutputFolder(work)).toBe(process.platform === 'linux')
    expect(flushOutputFolder(join(work, 'no such folder'))).toBe(false)
  })
})

describe('on a real nearly full disk (tmpfs)', () => {
  const mnt = join(work, 'mnt')
  let skipped: string | undefined
  beforeAll(() => {
    mkdirSync(mnt)
    skipped = mountTmpfs(mnt, 4 * 1024 * 1024)
    if (skipped) console.warn(`tests/io/durable-write.test.ts: tmpfs cases skipped: ${skipped}`)
  })
  afterAll(() => {
    if (!skipped) unmount(mnt)
  })

  it('cr fmt exits 1, names the file and leaves every source as it was', async (ctx) => {
    if (skipped) return ctx.skip()
    cpSync(join(repoRoot, 'rules'), join(mnt, 'rules'), { recursive: true })
    // Indent every text key more than the layout does, so fmt must rewrite the largest chapter.
    const file = join(mnt, 'rules', '09_abilities.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^( +)text: /gm, '$1text:   '))
    const before = new Map(readdirSync(join(mnt, 'rules')).map((n) => [n, readFileSync(join(mnt, 'rules', n))]))
    fillTo(mnt, 40 * 1024)
    const r = await runCr(['fmt', 'rules'], mnt)
    expect(r.code).toBe(1)
    // The file at its first line with the registry's code, and what to do: nothing else was written.
    expect(r.stderr).toContain('rules/09_abilities.yaml:1:1: error[write-failed]: could not write `rules/09_abilities.yaml`: no space left on device; the file is unchanged: free some space, then run `cr fmt` again')
    expect(r.stderr).toContain('cr fmt: 0 of 1 files reformatted before the failure; the others are unchanged: free some space, then run `cr fmt` again')
    for (const [name, bytes] of before) expect(readFileSync(join(mnt, 'rules', name)).equals(bytes), name).toBe(true)
    expect(readdirSync(join(mnt, 'rules')).sort()).toEqual([...before.keys()].sort())
    rmSync(join(mnt, 'filler'))
    // With room again, the same command succeeds.
    const again = await runCr(['fmt', 'rules'], mnt)
    expect(again.code).toBe(0)
    expect(again.stdout).toBe('rules/09_abilities.yaml\n')
  })

  it('cr release --draft leaves changelog.yaml as it was', async (ctx) => {
    if (skipped) return ctx.skip()
    rmSync(join(mnt, 'rules'), { recursive: true, force: true })
    cpSync(join(repoRoot, 'rules'), join(mnt, 'rules'), { recursive: true })
    cpSync(join(repoRoot, 'releases'), join(mnt, 'releases'), { recursive: true })
    const changelog = join(mnt, 'rules', 'changelog.yaml')
    const before = readFileSync(changelog)
    const release = join(mnt, 'rules', 'release.yaml')
    writeFileSync(release, readFileSync(release, 'utf8').replace(/^version: .*$/m, 'version: v26.09'))
    fillTo(mnt, 0)
    const r = await runCr(['release', 'v26.09', '--draft'], mnt)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/changelog\.yaml:1:1: error\[write-failed\]: .*no space left on device; the file is unchanged: free some space, then run `cr release v26\.09 --draft` again/)
    expect(readFileSync(changelog).equals(before)).toBe(true)
    expect(readdirSync(join(mnt, 'rules')).filter((n) => n.includes('.cr-'))).toEqual([])
  }, 300_000)

  it('cr release (the freeze) exits 1, not 2, names the release, says nothing was written and what to do', async (ctx) => {
    if (skipped) return ctx.skip()
    const changelog = join(mnt, 'rules', 'changelog.yaml')
    writeFileSync(changelog, '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog:\n- text: Added a rule about nothing in particular, to say so.\n')
    fillTo(mnt, 0)
    const r = await runCr(['release', 'v26.09'], mnt)
    expect(r.code, r.stderr).toBe(1)
    expect(r.stderr).toMatch(/^releases\/v26\.09\/:1:1: error\[write-failed\]: could not write `releases\/v26\.09\/` \(at `[^`]+`\): no space left on device; nothing was written: free some space, then run `cr release v26\.09` again$/m)
    expect(r.stderr).not.toContain('.cr-staging')
    expect(readdirSync(join(mnt, 'releases')).filter((n) => n.startsWith('.') || n === 'v26.09')).toEqual([])
  }, 300_000)
})
