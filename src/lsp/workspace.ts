/**
 * One rules folder as the language server sees it: the files on disk with
 * the editor's unsaved buffers laid over them, compiled incrementally (a
 * `CompileCache`: only the edited file is parsed again, and only its texts
 * are resolved again unless the ID table changed), plus the ID guard of
 * `cr check`. Diagnostics are exactly `cr check`'s, grouped by file.
 */
import { relative, resolve } from 'node:path'
import { roleOf } from '../core/compile.ts'
import { FolderCheck } from '../core/folder-check.ts'
import type { CardIndex } from '../core/cards.ts'
import type { CompiledDocument, Diagnostic, RuleEntry, SourceFile } from '../core/types.ts'
import { releaseIdsFromFiles, type ReleaseIds } from '../core/versions/guard.ts'
import { readRulesDir } from '../io/read-sources.ts'
import { findReleasesRoot, listReleases } from '../io/releases.ts'
import { RulesFolderReader } from '../io/rules-folder.ts'

export interface WorkspaceState {
  document: CompiledDocument | undefined
  /** Every message, by absolute file path. */
  byFile: Map<string, Diagnostic[]>
  byId: Map<string, RuleEntry>
  /** Every defined term (`{term:…}`), sorted. */
  terms: string[]
}

export class RulesWorkspace {
  /** Absolute path → unsaved text. */
  readonly overlay = new Map<string, string>()
  private releaseIds: ReleaseIds[] | undefined
  /** The newest release's files, read with the IDs: what a chapter gone or unreadable here held. */
  private newest: { version: string; files: SourceFile[] } | undefined
  state: WorkspaceState | undefined

  constructor(
    /** Absolute path of the rules folder. */
    readonly dir: string,
    /** Paths in messages are relative to this folder, as `cr check` run there prints them. */
    readonly cwd: string,
    readonly cards: CardIndex | undefined,
  ) {
    this.reader = new RulesFolderReader(dir, cwd)
    this.check = new FolderCheck({ cards, releases: () => this.releases(), newestRelease: () => (this.releases(), this.newest) })
  }

  abs(path: string): string {
    return resolve(this.cwd, path)
  }

  /** An absolute path as messages show it (relative to the working folder when inside it). */
  shown(abs: string): string {
    const rel = relative(this.cwd, abs)
    return rel.startsWith('..') ? abs : rel
  }

  /** The folder on disk, read through src/io (regular files, bounded, editors' files left out; unchanged files not read again). */
  private readonly reader: RulesFolderReader
  /** `cr check` of the folder, kept between keystrokes: compile cache, each file's last good parse, the guard. */
  private readonly check: FolderCheck

  /** The folder's YAML files, each from the editor when open there. */
  files(): SourceFile[] {
    return this.reader.files(this.overlay)
  }

  text(absPath: string): string | undefined {
    const open = this.overlay.get(absPath)
    if (open !== undefined) return open
    const f = this.files().find((x) => this.abs(x.path) === absPath)
    return f ? (typeof f.content === 'string' ? f.content : new TextDecoder().decode(f.content)) : undefined
  }

  /** Every release's IDs, read once (phase 1 only). */
  releases(): ReleaseIds[] {
    if (!this.releaseIds) {
      // Found and listed from the same folder the files are read against.
      const ctx = { cwd: this.cwd }
      const root = findReleasesRoot(this.dir, undefined, {}, ctx)
      const read = root ? listReleases(root, this.cwd).map((r) => ({ version: r.version, files: readRulesDir(r.dir, this.cwd) })) : []
      this.releaseIds = read.map((r) => releaseIdsFromFiles(r.version, r.files))
      this.newest = read.at(-1)
    }
    return this.releaseIds
  }

  /** Is `path` in one of the releases beside this folder? */
  isReleaseFile(path: string): boolean {
    const root = findReleasesRoot(this.dir)
    return root !== undefined && !relative(resolve(this.cwd, root), path).startsWith('..')
  }

  /** Read the releases again at the next compile (one was frozen or removed). */
  forgetReleases(): void {
    this.releaseIds = undefined
  }

  /** The last release that defines `id`, if any. */
  lastReleaseOf(id: string): string | undefined {
    return [...this.releases()].reverse().find((r) => r.ids.has(id))?.version
  }

  compile(): WorkspaceState {
    const files = this.files()
    const { document, messages: all } = this.check.run(files)
    const retiredFile = files.find((f) => (f.path.split(/[\\/]/).pop() ?? '') === 'retired.yaml')
    const byFile = new Map<string, Diagnostic[]>()
    for (const f of files) if (roleOf(f.path) !== 'other' || f === retiredFile) byFile.set(this.abs(f.path), [])
    for (const m of all) {
      const key = this.abs(m.file)
      const list = byFile.get(key) ?? []
      list.push(m)
      byFile.set(key, list)
    }
    const byId = new Map((document?.rules ?? []).map((r) => [r.id, r]))
    const terms = [...new Set((document?.rules ?? []).flatMap((r) => r.terms))].sort((a, b) => a.localeCompare(b))
    // A document broken mid-edit keeps the last good tables for completion and hover.
    const keep = byId.size === 0 && this.state ? this.state : undefined
    this.state = { document: document ?? keep?.document, byFile, byId: keep?.byId ?? byId, terms: keep?.terms ?? terms }
    return this.state
  }
}
