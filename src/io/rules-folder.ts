/**
 * A rules folder read again and again (the language server, on every
 * change): the same checks as `readRulesDir` (regular files only, links
 * kept inside the folder, the size cap; what cannot be read is marked, so
 * the compiler reports it at that file and every other file still gets its
 * diagnostics), and a file whose size, time and inode are unchanged is not
 * read again. Unsaved editor buffers are laid over the disk.
 *
 * Before (issue 24, case 5): the server read with `readFileSync`, so a FIFO
 * in the folder hung it, a link to `/dev/zero` ate gigabytes, and one
 * unreadable file threw, which stopped every diagnostic.
 */
import { isUtf8 } from 'node:buffer'
import { join, relative } from 'node:path'
import type { SourceFile } from '../core/types.ts'
import { isRulesSourceName } from '../core/editor-files.ts'
import { listDir } from './files.ts'
import { checkInputFile, InputError, MAX_RULE_FILE_BYTES, readInputFile } from './read-input.ts'

export class RulesFolderReader {
  /** Absolute path → what was read, and the stat it was read at. */
  private readonly disk = new Map<string, { stamp: string; content: string | Uint8Array }>()

  constructor(
    /** Absolute path of the folder. */
    readonly dir: string,
    /** Paths are shown relative to this folder. */
    readonly cwd: string,
  ) {}

  /** The path a file is shown as: relative to `cwd`, absolute outside it. */
  shown(abs: string): string {
    const rel = relative(this.cwd, abs)
    return rel.startsWith('..') ? abs : rel
  }

  /**
   * Every `.yaml` file of the folder, in name order, each from `overlay`
   * (absolute path → unsaved text) when open there. Text that is UTF-8 is
   * decoded once, so an unchanged file is the same string every time (the
   * compile cache compares by identity); bytes that are not stay bytes, and
   * the compiler reports them as `cr check` does. A folder that cannot be
   * listed (removed under the editor) has no files.
   */
  files(overlay: ReadonlyMap<string, string> = new Map()): SourceFile[] {
    return listDir(this.dir)
      .filter(isRulesSourceName)
      .sort()
      .map((name): SourceFile => {
        const abs = join(this.dir, name)
        const path = this.shown(abs)
        const open = overlay.get(abs)
        if (open !== undefined) return { path, content: open }
        try {
          const options = { shown: path, maxBytes: MAX_RULE_FILE_BYTES, within: this.dir }
          const st = checkInputFile(abs, options)
          const stamp = `${st.size}:${st.mtimeMs}:${st.ino}`
          let hit = this.disk.get(abs)
          if (hit?.stamp !== stamp) {
            const bytes = readInputFile(abs, options)
            hit = { stamp, content: isUtf8(bytes) ? bytes.toString('utf8') : bytes }
            this.disk.set(abs, hit)
          }
          return { path, content: hit.content }
        } catch (error) {
          this.disk.delete(abs)
          if (!(error instanceof InputError)) throw error
          return { path, content: '', unreadable: { code: error.code, message: error.reason } }
        }
      })
  }
}
