/**
 * Releases compared by identity: what a text says, as its markup tree says
 * it — references as the IDs they name, terms, cards and symbols as nodes —
 * never as rendered strings. Inserting a rule renumbers every rule after it
 * and every text that cites one, but changes no identity here, so the
 * release guard, `--draft`, the mark check and the next-cycle command cannot
 * be fooled by a renumbering.
 *
 * A release's texts come from its sources (phase 1 of the compiler: IDs and
 * raw texts, no resolving), so any release folder can be compared, broken
 * references and all. Pure: files in, data out.
 */
import { collectEntries, type ChapterInput } from '../collect.ts'
import { roleOf } from '../compile.ts'
import { lowerFirst } from '../ids.ts'
import { loadYaml } from '../load-yaml.ts'
import { parseMarkup, type MarkupContent, type MarkupRoot } from '../markup/index.ts'
import type { SourceFile } from '../types.ts'

/** One text of a release: its source, its tree, and where it lives. */
export interface ReleaseText {
  source: string
  tree: MarkupRoot
  /** The text with its new-marks taken off, as a comparable key (see `textIdentity`). */
  identity: string
  file: string
  path: (string | number)[]
}

export interface ReleaseEntryTexts {
  id: string
  /** The entry's file, and the path of its mapping there. */
  file: string
  path: (string | number)[]
  /** Flagged `new:`. */
  new: boolean
  text: ReleaseText | undefined
  examples: { text: ReleaseText; new: boolean }[]
}

export interface ReleaseTexts {
  /** Every entry with an ID (timing elements included, by their positional IDs), by ID. */
  entries: Map<string, ReleaseEntryTexts>
  /** `changelog.yaml`'s entries, in order; undefined when the file is absent or does not load. */
  changelog: ReleaseText[] | undefined
  /** Files that did not load: their entries are missing here. */
  broken: string[]
}

function textOf(source: string, file: string, path: (string | number)[]): ReleaseText {
  const { tree } = parseMarkup(source)
  return { source, tree, identity: textIdentity(tree), file, path }
}

/** The texts of a release folder (or of `rules/`), read from its sources. */
export function releaseTexts(files: readonly SourceFile[]): ReleaseTexts {
  const chapters: ChapterInput[] = []
  const broken: string[] = []
  let changelog: ReleaseText[] | undefined
  const byName = (a: SourceFile, b: SourceFile) => (baseName(a.path) < baseName(b.path) ? -1 : baseName(a.path) > baseName(b.path) ? 1 : 0)
  for (const file of [...files].sort(byName)) {
    const role = roleOf(file.path)
    if (file.unreadable || (role !== 'chapter' && role !== 'changelog')) continue
    const { loaded } = loadYaml(file)
    if (!loaded) {
      broken.push(file.path)
      continue
    }
    if (role === 'chapter') chapters.push({ file: file.path, loaded })
    else changelog = changelogTexts(loaded.data, file.path)
  }
  const entries = new Map<string, ReleaseEntryTexts>()
  for (const e of collectEntries(chapters).entries) {
    if (entries.has(e.id)) continue
    entries.set(e.id, {
      id: e.id,
      file: e.file,
      path: e.idPath.slice(0, -1),
      new: e.new,
      text: e.text ? textOf(e.text.value, e.text.file, e.text.path) : undefined,
      examples: e.examples.map((x) => ({ text: textOf(x.text.value, x.text.file, x.text.path), new: x.new })),
    })
  }
  return { entries, changelog, broken }
}

/**
 * Only the summary of changes of a release folder (`releaseTexts(files).changelog`
 * without reading its chapters): what `cr release` learns the rules team's words from,
 * for every held release.
 */
export function releaseChangelog(files: readonly SourceFile[]): ReleaseText[] | undefined {
  return releaseTexts(files.filter((f) => roleOf(f.path) === 'changelog')).changelog
}

function changelogTexts(data: unknown, file: string): ReleaseText[] {
  const list = (data as { changelog?: unknown } | null)?.changelog
  if (!Array.isArray(list)) return []
  const out: ReleaseText[] = []
  list.forEach((item, i) => {
    const text = (item as { text?: unknown } | null)?.text
    if (typeof text === 'string') out.push(textOf(text, file, ['changelog', i, 'text']))
  })
  return out
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path

/**
 * A text's identity: what its reader reads. The words, with each reference
 * as the IDs it names (lowercase-first, trimmed; a capital that capitalises
 * the printed word kept) instead of the numbers it prints, symbols by name,
 * images by name, links with their target, and every other markup reduced to
 * its words (\`{card: Hedge Fund}\` and \`Hedge Fund\` read the same;
 * \`{term:x}\` and \`{subtype:x}\` too). \`{n}…{/n}\` spans dissolve into their
 * content: a mark is not a change of text. Whitespace runs count as one
 * space. Two texts with the same identity print the same words in every
 * release, whatever the numbers (or the kind, "rule" or "section") of the
 * rules they cite. \`mapId\` renames IDs first (an old release's references,
 * through the retirements, compare with today's).
 */
export function textIdentity(tree: MarkupRoot, mapId: (id: string) => string = (id) => id): string {
  let out = ''
  const id = (written: string) => mapId(lowerFirst(written.trim()))
  const write = (node: MarkupContent) => {
    switch (node.type) {
      case 'root':
      case 'newText':
        for (const child of node.children) write(child)
        return
      case 'text':
        out += node.value
        return
      case 'ruleReference':
        out += `\u27e6ref${node.capitalized ? '^' : ''}:${node.ids.map(id).join(',')}\u27e7`
        return
      case 'ruleRange':
        out += `\u27e6through${node.capitalized ? '^' : ''}:${id(node.from)},${id(node.to)}\u27e7`
        return
      case 'termDefinition':
      case 'subtype':
        out += node.value
        return
      case 'curly':
        out += `{${node.value}}`
        return
      case 'cardMention':
      case 'productMention':
        out += node.name
        return
      case 'image':
        out += `\u27e6image:${node.name}\u27e7`
        return
      case 'symbol':
        out += `\u27e6symbol:${node.name}\u27e7`
        return
      case 'link':
        out += `\u27e6link:${node.url}|`
        for (const child of node.children) write(child)
        out += '\u27e7'
        return
    }
  }
  write(tree)
  return out.replace(/\s+/g, ' ').trim()
}

/** The identities of the `{n}…{/n}` spans of a text, in order. */
export function newTextSpans(tree: MarkupRoot): { identity: string; start: number; end: number }[] {
  const spans: { identity: string; start: number; end: number }[] = []
  for (const node of tree.children) {
    if (node.type !== 'newText' || !node.position) continue
    spans.push({ identity: textIdentity({ type: 'root', children: node.children }), start: node.position.start.offset, end: node.position.end.offset })
  }
  return spans
}

/** A changelog as a list of identities, for comparing summaries of changes across releases. */
export function changelogIdentity(texts: readonly ReleaseText[] | undefined): string[] {
  return (texts ?? []).map((t) => t.identity)
}
