/**
 * `cr check` for a folder being edited: the language server runs it on every
 * keystroke, the live preview on every save. The same compiler and the same
 * ID guard as `cr check`, so the three show the same messages, plus what
 * only a long-running tool can keep between runs:
 *
 * - a compile cache (only the edited file is parsed again, `compile.ts`);
 * - each file's last good parse (`recovery/recover.ts`): a file that stops
 *   parsing mid-edit is reported once, by its root cause, and the other files
 *   keep seeing it as it last parsed — its IDs, numbers and texts — so nothing
 *   elsewhere turns red and no chapter is lost or renumbered (a chapter deleted,
 *   emptied or unreadable is no edit under way: shown as it is, its IDs withheld
 *   from the newest release's copy, as `cr check` does);
 * - the guard's result, recomputed only when the IDs or `retired.yaml` change.
 *
 * Pure: files in, result out. The caller reads the folder and the releases.
 */
import type { CardIndex } from './cards.ts'
import type { ResolvedRelease } from './model/types.ts'
import { compile, createCompileCache } from './compile.ts'
import { sortDiagnostics } from './diagnostics.ts'
import { createLastGood, foldCascades, withholdReleasedIds } from './recovery/recover.ts'
import type { CompiledDocument, Diagnostic, Recovery, SourceFile } from './types.ts'
import { checkRetirements, foldRenames, releaseIdsFromFiles, type ReleaseIds } from './versions/guard.ts'
import { emptyRetirements, parseRetirements, type Retirements } from './versions/retired.ts'
import { foldRetiredReferences } from './versions/retired-references.ts'

export interface FolderCheckResult {
  /** The resolved model every output renders from; undefined when the folder does not compile. */
  model: ResolvedRelease | undefined
  document: CompiledDocument | undefined
  /** Every message, the guard's included, cascades folded under their cause, sorted. */
  messages: Diagnostic[]
  recovery: Recovery | undefined
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

export class FolderCheck {
  private readonly cache = createCompileCache()
  private readonly lastGood = createLastGood()
  private guardKey: string | undefined
  private guardMessages: Diagnostic[] = []
  private retiredIds: string[] = []
  /** retired.yaml as last parsed, and the text it was parsed from. */
  private retired: { text: string; retirements: Retirements } | undefined

  constructor(
    private readonly options: {
      cards: CardIndex | undefined
      /** Every release's IDs, oldest first (read once by the caller); none turns the guard off. */
      releases: () => readonly ReleaseIds[]
      /**
       * The newest release's files: a chapter that cannot be read, is empty or is gone withholds the IDs
       * its copy there has, as in `cr check` (`withholdReleasedIds`), so it is one message, not one per reference.
       */
      newestRelease?: () => { version: string; files: readonly SourceFile[] } | undefined
    },
  ) {}

  run(files: readonly SourceFile[]): FolderCheckResult {
    const compiled = compile([...files], { cards: this.options.cards, cache: this.cache, lastGood: this.lastGood })
    const { model, document, messages } = compiled
    let recovery = compiled.recovery
    const all = [...messages]
    const retiredFile = files.find((f) => baseName(f.path) === 'retired.yaml' && !f.unreadable)
    const releases = this.options.releases()
    if (document && releases.length > 0) {
      // The guard depends on the IDs and the retirement file only: most keystrokes change neither.
      const retiredText = retiredFile ? (typeof retiredFile.content === 'string' ? retiredFile.content : new TextDecoder().decode(retiredFile.content)) : ''
      const key = `${document.rules.map((r) => `${r.id} ${r.number} ${r.kind}`).join('\n')}\0${retiredText}`
      // With an ID missing, a rename is also found by text, which any keystroke may change: checked again.
      if (key !== this.guardKey || this.guardMessages.some((m) => m.code === 'id-missing')) {
        const parsed = retiredFile ? parseRetirements(retiredFile) : { retirements: emptyRetirements(), messages: [] }
        const texts = () => releaseIdsFromFiles('current', [...files]).texts ?? new Map<string, string>()
        this.guardMessages = [...parsed.messages, ...checkRetirements(document, releases, parsed.retirements, { texts })]
        this.retiredIds = [...parsed.retirements.byId.keys()]
        this.guardKey = key
      }
      all.push(...this.guardMessages)
      const retired = new Set(this.retiredIds)
      const defined = new Set(document.rules.map((r) => r.id))
      recovery = withholdReleasedIds(recovery, files, this.options.newestRelease?.(), (id) => defined.has(id) || retired.has(id))
    }
    // As `cr check`: cascades folded under their cause, a rename's references under the rename, a retired ID's references in one message.
    const renamed = foldRenames(recovery ? sortDiagnostics(foldCascades(all, recovery)) : sortDiagnostics(all))
    const text = retiredFile ? (typeof retiredFile.content === 'string' ? retiredFile.content : new TextDecoder().decode(retiredFile.content)) : ''
    if (this.retired?.text !== text) this.retired = { text, retirements: retiredFile ? parseRetirements(retiredFile).retirements : emptyRetirements() }
    const defined = new Set(document?.rules.map((r) => r.id))
    return { model, document, messages: foldRetiredReferences(renamed, this.retired.retirements, (id) => defined.has(id)), recovery }
  }
}
