/**
 * One rules folder as the language server sees it: the files on disk with
 * the editor's unsaved buffers laid over them, compiled incrementally (a
 * `CompileCache`: only the edited file is parsed again, and only its texts
 * are resolved again unless the ID table changed), plus the ID guard of
 * `cr check`. Diagnostics are exactly `cr check`'s, grouped by file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { isUtf8 } from 'node:buffer'
import { join, relative, resolve } from 'node:path'
import { roleOf } from '../core/compile.ts'
import { FolderCheck } from '../core/folder-check.ts'
import type { CardIndex } from '../core/cards.ts'
import type { CompiledDocument, Diagnostic, RuleEntry, SourceFile } from '../core/types.ts'
import { releaseIdsFromFiles, type ReleaseIds } from '../core/versions/guard.ts'
import { readRulesDir } from '../io/read-sources.ts'
import { isRulesSourceName } from '../core/editor-files.ts'
import { findReleasesRoot, listReleases } from '../io/releases.ts'

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
  state: WorkspaceState | undefined

  constructor(
    /** Absolute path of the rules folder. */
    readonly dir: string,
    /** Paths in messages are relative to this folder, as `cr check` run there prints them. */
    readonly cwd: string,
    readonly cards: CardIndex | undefined,
  ) {
    this.check = new FolderCheck({ cards, releases: () => this.releases() })
  }

  abs(path: string): string {
    return resolve(this.cwd, path)
  }

  /** An absolute path as messages show it (relative to the working folder when inside it). */
  shown(abs: string): string {
    const rel = relative(this.cwd, abs)
    return rel.startsWith('..') ? abs : rel
  }

  /** Disk files by absolute path, decoded once per change of size or time. */
  private readonly disk = new Map<string, { stamp: string; content: string | Uint8Array }>()
  /** `cr check` of the folder, kept between keystrokes: compile cache, each file's last good parse, the guard. */
  private readonly check: FolderCheck

  /** The folder's YAML files, each from the editor when open there. */
  files(): SourceFile[] {
    // The same string for an unchanged file lets the compile cache compare by identity.
    return readdirSync(this.dir)
      .filter(isRulesSourceName)
      .sort()
      .map((name) => {
        const abs = join(this.dir, name)
        const rel = relative(this.cwd, abs)
        const path = rel.startsWith('..') ? abs : rel
        const open = this.overlay.get(abs)
        if (open !== undefined) return { path, content: open }
        const st = statSync(abs)
        const stamp = `${st.size}:${st.mtimeMs}`
        let hit = this.disk.get(abs)
        if (hit?.stamp !== stamp) {
          const bytes = readFileSync(abs)
          // Bytes that are not UTF-8 stay bytes, so the compiler reports them as `cr check` does.
          hit = { stamp, content: isUtf8(bytes) ? bytes.toString('utf8') : bytes }
          this.disk.set(abs, hit)
        }
        return { path, content: hit.content }
      })
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
      const root = findReleasesRoot(this.dir)
      this.releaseIds = root ? listReleases(root).map((r) => releaseIdsFromFiles(r.version, readRulesDir(r.dir, this.cwd))) : []
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
