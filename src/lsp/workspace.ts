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
import { compile, createCompileCache, roleOf } from '../core/compile.ts'
import type { CardIndex } from '../core/cards.ts'
import type { CompiledDocument, Diagnostic, RuleEntry, SourceFile } from '../core/types.ts'
import { checkRetirements, releaseIdsFromFiles, type ReleaseIds } from '../core/versions/guard.ts'
import { emptyRetirements, parseRetirements } from '../core/versions/retired.ts'
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
  private readonly cache = createCompileCache()
  private releaseIds: ReleaseIds[] | undefined
  state: WorkspaceState | undefined

  constructor(
    /** Absolute path of the rules folder. */
    readonly dir: string,
    /** Paths in messages are relative to this folder, as `cr check` run there prints them. */
    readonly cwd: string,
    readonly cards: CardIndex | undefined,
  ) {}

  abs(path: string): string {
    return resolve(this.cwd, path)
  }

  /** Disk files by absolute path, decoded once per change of size or time. */
  private readonly disk = new Map<string, { stamp: string; content: string | Uint8Array }>()
  private guardKey: string | undefined
  private guardMessages: Diagnostic[] = []

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

  /** The last release that defines `id`, if any. */
  lastReleaseOf(id: string): string | undefined {
    return [...this.releases()].reverse().find((r) => r.ids.has(id))?.version
  }

  compile(): WorkspaceState {
    const files = this.files()
    const { document, messages } = compile(files, { cards: this.cards, cache: this.cache })
    const all = [...messages]
    const retiredFile = files.find((f) => (f.path.split(/[\\/]/).pop() ?? '') === 'retired.yaml')
    if (document && this.releases().length > 0) {
      // The guard depends on the IDs and the retirement file only: most keystrokes change neither.
      const retiredText = retiredFile ? (typeof retiredFile.content === 'string' ? retiredFile.content : new TextDecoder().decode(retiredFile.content)) : ''
      const key = `${document.rules.map((r) => `${r.id} ${r.number} ${r.kind}`).join('\n')}\0${retiredText}`
      if (key !== this.guardKey) {
        const parsed = retiredFile ? parseRetirements(retiredFile) : { retirements: emptyRetirements(), messages: [] }
        this.guardMessages = [...parsed.messages, ...checkRetirements(document, this.releases(), parsed.retirements)]
        this.guardKey = key
      }
      all.push(...this.guardMessages)
    }
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
