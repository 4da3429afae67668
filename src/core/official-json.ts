/**
 * The rules team's `rules.json`, as their generator writes it: a flat list in
 * document order, one object per entry, `{id, nr, type, text, children[,
 * examples]}`, with the markup flattened the generator's way (the `generator`
 * text style, `render/text.ts`). Consumers (chat bots, data repos, engines)
 * parse this file; giving them the same bytes means they need no change to
 * read ours. A renderer over the resolved model: nothing is read twice.
 *
 * Two shapes, as the generator wrote them (`OFFICIAL_SHAPES`):
 * - `2026-04` (the generator's main branch since April 2026, the default):
 *   a first `preamble` entry ("… effective 02 March 2026."), and chapter 11's
 *   timing structures as `appendix` entries with the generator's IDs and
 *   numbers (`sec_appendix_timing_structure_of_a_run_6_a`, `11.4_6_a`: the
 *   section's ID and number, then the element's path joined by `_`).
 *   Checked byte for byte against its output for the current text.
 * - `2025` (before April 2026, for consumers pinned to it): no preamble, and
 *   the last chapter (the appendix) left out. Checked byte for byte against
 *   its v25.08 output.
 *
 * The generator's ways, kept on purpose in both:
 * - the children of a `rule:` (only a `subsection:` has sub-rules) are dropped;
 * - `type` is the word a reference uses: `section` for chapters, sections and
 *   subsections, `step` for timing steps and `steps:` subsections, `rule`
 *   otherwise; `appendix` for timing elements;
 * - text fields lose trailing whitespace; terms are upper-cased; cards,
 *   products, subtypes and links are their plain text; symbols stay as written
 *   (`[c]`, `[MU]`, `[Click]`), except `{c}`, which the generator's brace
 *   splitter turns into `c`; `{curly:x}` is `{x}`; new-text marks vanish;
 * - a reference list takes the first target's word in the plural ("rules
 *   10.1.3 and 10.1.4"), a range joins with "through";
 * - one object a line, Python's separators as the generator concatenates them
 *   (a subsection's line one space shorter than a rule's, the preamble's with
 *   spaces throughout), raw UTF-8, no newline after the closing bracket.
 */
import { indexRelease } from './model/release-index.ts'
import type { ResolvedEntry, ResolvedRelease } from './model/types.ts'
import { renderContextFor } from './render/context.ts'
import { renderText } from './render/text.ts'

export type OfficialType = 'section' | 'rule' | 'step' | 'appendix' | 'preamble'

export interface OfficialEntry {
  id: string
  nr: string
  type: OfficialType
  text: string
  children?: string[]
  /** Absent on chapters, sections, appendix entries and the preamble; present (maybe empty) on everything else. */
  examples?: string[]
}

export interface OfficialJson {
  entries: OfficialEntry[]
  /** The file, byte for byte as the generator writes it. */
  json: string
}

export const OFFICIAL_SHAPES = ['2026-04', '2025'] as const
export type OfficialShape = (typeof OFFICIAL_SHAPES)[number]

/** How the generator writes an entry's line: its templates differ by spaces. */
type Template = 'heading' | 'subsection' | 'rule' | 'preamble'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The generator's preamble: fixed sentences and the effective date as it prints it (`02 March 2026`). */
export function officialPreamble(effective: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(effective)
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined
  const date = m && month ? (m[3] ? `${m[3]} ${month} ${m[1]}` : `${month} ${m[1]}`) : effective
  return `This rules document is to be used as reference material. It is not intended to be read straight through. This version of the Comprehensive Rules document is effective ${date}.`
}

/**
 * The generator's ID and number of a timing element: its section's, then the
 * path of list labels (`6`, `a`, `i`) joined by `_`. Our IDs for them are the
 * generator's (collect.ts); the number is its own form (ours prints 11.4.6a).
 */
export function appendixNumber(e: ResolvedEntry, byId: ReadonlyMap<string, ResolvedEntry>): string {
  const path: string[] = []
  let cur: ResolvedEntry | undefined = e
  while (cur && cur.kind === 'timing') {
    path.unshift(cur.label.replace(/\.$/, ''))
    cur = cur.parent !== null ? byId.get(cur.parent) : undefined
  }
  return `${cur?.number ?? ''}_${path.join('_')}`
}

/** The official `rules.json` of a compiled release (which must compile without errors: check it first). */
export function buildOfficialJson(model: ResolvedRelease, options: { shape?: OfficialShape } = {}): OfficialJson {
  const shape = options.shape ?? '2026-04'
  const ctx = renderContextFor(model)
  const { byId } = indexRelease(model)
  const flatten = (e: ResolvedEntry['text']) => renderText(e, ctx, 'generator').trimEnd()
  const lastChapter = [...model.entries].reverse().find((e) => e.kind === 'chapter')?.id

  const lines: { entry: OfficialEntry; template: Template }[] = []
  const push = (entry: OfficialEntry, template: Template) => lines.push({ entry, template })
  if (shape === '2026-04') push({ id: 'preamble', nr: '0', type: 'preamble', text: officialPreamble(model.release.effective) }, 'preamble')
  for (const e of model.entries) {
    if (shape === '2025' && e.chapter === lastChapter) continue
    if (e.kind === 'timing') {
      push({ id: e.id, nr: appendixNumber(e, byId), type: 'appendix', text: flatten(e.text), children: e.children }, 'heading')
    } else if (e.kind === 'chapter' || e.kind === 'section') {
      push({ id: e.id, nr: e.number, type: e.word as OfficialType, text: flatten(e.text), children: e.children }, 'heading')
    } else {
      const entry = { id: e.id, nr: e.number, type: e.word as OfficialType, text: flatten(e.text), children: e.children, examples: e.examples.map((x) => flatten(x.text)) }
      push(entry, e.kind === 'rule' && e.sourceKind === 'subsection' ? 'subsection' : 'rule')
    }
  }
  return { entries: lines.map((l) => l.entry), json: formatLines(lines) }
}

function formatLines(lines: { entry: OfficialEntry; template: Template }[]): string {
  const str = (s: string) => JSON.stringify(s)
  const list = (items: string[]) => `[${items.map(str).join(',')}]`
  const out = lines.map(({ entry: e, template }) => {
    if (template === 'preamble') return `{"id": ${str(e.id)}, "nr": ${str(e.nr)}, "type": ${str(e.type)}, "text": ${str(e.text)}}`
    const head = `{"id": ${str(e.id)},"nr": ${str(e.nr)},"type": ${str(e.type)},"text": ${str(e.text)}`
    const children = e.children ?? []
    if (template === 'heading' || e.examples === undefined) return `${head},"children": ${list(children)}}`
    // The generator writes a subsection's line with its own template, one space shorter.
    const sep = template === 'subsection' ? ',' : ', '
    return `${head}${sep}"children": ${list(children)},"examples": ${list(e.examples)}}`
  })
  return `[\n${out.join(',\n')}\n]`
}
