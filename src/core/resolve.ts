/**
 * Phase 2: parse every text's markup, resolve references against the full ID
 * table and check cards. The result is the text's tree with its references as
 * IDs and its cards with their codes; renderers (src/core/render/) turn it
 * into HTML and plain text at the edge.
 */
import type { DraftEntry, RawText } from './collect.ts'
import { diagnostic } from './diagnostics.ts'
import type { LoadedYaml } from './load-yaml.ts'
import { eachNode, parseMarkup, type MarkupRoot } from './markup/index.ts'
import { lowerFirst, suggesterFor } from './ids.ts'
import { isSafeUrl, unsafeImageReason } from './markup/to-hast.ts'
import type { Diagnostic, Position } from './types.ts'
import type { CardIndex } from './cards.ts'
import type { ReferenceWord } from './model/types.ts'
import { INVISIBLE_CHARS } from './terminal-text.ts'

/** The word the published document uses for a reference to this entry. */
export function referenceWord(e: DraftEntry, byId: Map<string, DraftEntry>): ReferenceWord {
  // Sections are "section" even when their rules are steps (7.2, 7.5).
  if (e.kind === 'chapter' || e.kind === 'section') return 'section'
  if (e.kind === 'step' || e.steps || e.kind === 'timing') return 'step'
  // The rules of a `steps:` section are steps too ("step 7.5.4").
  const parent = e.parent ? byId.get(e.parent) : undefined
  if (parent?.steps) return 'step'
  return e.sourceKind === 'subsection' ? 'section' : 'rule'
}

export interface ParsedText {
  /** References as trimmed, lowercase-first IDs; resolved cards carry their code. Positions are the source's. */
  tree: MarkupRoot
  refs: string[]
  terms: string[]
  subtypes: string[]
  cards: string[]
}

export interface ResolveContext {
  byId: Map<string, DraftEntry>
  loadedFiles: Map<string, LoadedYaml>
  cards: CardIndex | undefined
  messages: Diagnostic[]
}

/** Parse, check and resolve one text; diagnostics go to `ctx.messages`. */
export function resolveText(raw: RawText, ctx: ResolveContext): ParsedText {
  const loaded = ctx.loadedFiles.get(raw.file)
  const place = (pos: Position | undefined) => {
    const at = loaded && pos ? loaded.locateInString(raw.path, pos.start.offset) : loaded?.locate(raw.path)
    return { file: raw.file, line: at?.line ?? 1, column: at?.column ?? 1 }
  }

  const { tree, problems } = parseMarkup(raw.value)
  for (const p of problems) {
    ctx.messages.push(diagnostic(p.code, 'error', place(p.position), p.message, { suggestions: p.suggestions, path: raw.path }))
  }
  checkCharacters(raw, (offset) => {
    const at = loaded ? loaded.locateInString(raw.path, offset) : undefined
    return { file: raw.file, line: at?.line ?? 1, column: at?.column ?? 1 }
  }, ctx.messages)

  const refs: string[] = []
  const terms: string[] = []
  const subtypes: string[] = []
  const cards: string[] = []
  const push = (list: string[], v: string) => {
    if (!list.includes(v)) list.push(v)
  }
  const checkRef = (written: string, pos: Position | undefined) => {
    const id = lowerFirst(written.trim())
    if (ctx.byId.has(id)) {
      push(refs, id)
      return ctx.byId.get(id)
    }
    ctx.messages.push(
      diagnostic('unknown-rule', 'error', place(pos), `Unknown rule ID \`${id}\` in reference, expected the ID of a chapter, section, rule or step`, {
        suggestions: suggesterFor(ctx.byId)(id),
        path: raw.path,
        subject: id,
      }),
    )
    return undefined
  }

  eachNode(tree, (node) => {
    switch (node.type) {
      case 'ruleReference':
        // The tree keeps the ID as resolved, whatever spacing or capital it was written with (`capitalized` keeps the capital).
        node.ids = node.ids.map((id) => lowerFirst(id.trim()))
        for (const id of node.ids) checkRef(id, node.position)
        break
      case 'ruleRange': {
        node.from = lowerFirst(node.from.trim())
        node.to = lowerFirst(node.to.trim())
        const from = checkRef(node.from, node.position)
        const to = checkRef(node.to, node.position)
        if (from && to) checkRange(from, to, () => place(node.position), ctx.messages, ctx.byId)
        break
      }
      case 'termDefinition':
        push(terms, node.value)
        break
      case 'subtype':
        push(subtypes, node.value)
        break
      case 'link':
        // The renderer drops such a link to plain text; say so instead of losing it silently.
        if (!isSafeUrl(node.url, false)) {
          ctx.messages.push(
            diagnostic('link-unsafe', 'error', place(node.position), `Unexpected link URL \`${clip(node.url)}\`, expected an http, https or mailto URL (\`javascript:\`, \`data:\` and other schemes are never linked)`, { path: raw.path }),
          )
        }
        break
      case 'image': {
        const why = unsafeImageReason(node.name)
        if (why) {
          ctx.messages.push(
            diagnostic('image-unsafe', 'error', place(node.position), `Unexpected image \`${clip(node.name)}\`: ${why}, expected the name of an image shipped with the site (e.g. \`{img:click.svg}\`)`, { path: raw.path }),
          )
        }
        break
      }
      case 'cardMention': {
        push(cards, node.name)
        const code = ctx.cards ? checkCard(node.name, ctx.cards, () => place(node.position), ctx.messages, raw) : undefined
        if (code !== undefined) node.code = code
        break
      }
    }
  })

  return { tree, refs, terms, subtypes, cards }
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s)

/** Control characters (but tab and line breaks) and bidi controls in rule text. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g
const TAB = /\t/g
/** Characters that print as nothing (issue 24: `{term:run\u200b}` defined a new term that reads "run"): terminal-text.ts. */
const INVISIBLE = new RegExp(INVISIBLE_CHARS.source, 'gu')

/**
 * Characters that cannot be right in rule text: invisible, unsafe in a
 * terminal, or reordering what readers see. The first of each kind per text
 * is reported (with a count), so a hostile file cannot flood the report.
 */
function checkCharacters(raw: RawText, placeAt: (offset: number) => { file: string; line: number; column: number }, messages: Diagnostic[]) {
  for (const [re, code, what] of [
    [CONTROL, 'text-control-char', 'control character'],
    // A tab is exported as a literal tab (the YAML keeps it in any scalar): a space was meant.
    [TAB, 'text-control-char', 'tab'],
    [BIDI, 'text-bidi-char', 'bidirectional control character'],
    [INVISIBLE, 'text-invisible-char', 'invisible character'],
  ] as const) {
    re.lastIndex = 0
    const first = re.exec(raw.value)
    if (!first) continue
    let count = 1
    while (re.exec(raw.value)) count++
    const name = `U+${first[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    const more = count > 1 ? ` (and ${count - 1} more in this text)` : ''
    const fix = re === TAB ? 'expected a space; replace it with one' : 'expected printable text; remove it'
    messages.push(diagnostic(code, 'error', placeAt(first.index), `Unexpected ${what} ${name} in rule text${more}, ${fix}`, { path: raw.path }))
  }
}

function checkRange(
  from: DraftEntry,
  to: DraftEntry,
  /** Where, computed only for a diagnostic: placing may parse the file again. */
  at: () => { file: string; line: number; column: number },
  messages: Diagnostic[],
  byId: Map<string, DraftEntry>,
) {
  // A range only makes sense between siblings, in document order.
  const siblings = from.parent ? byId.get(from.parent)?.children : undefined
  const a = siblings?.indexOf(from.id) ?? -1
  const b = siblings?.indexOf(to.id) ?? -1
  if (from.parent !== to.parent || a < 0 || b < 0) {
    messages.push(
      diagnostic('ref-range-invalid', 'error', at(), `Unexpected range from \`${from.id}\` (${from.number}) to \`${to.id}\` (${to.number}), expected two entries with the same parent`),
    )
  } else if (b <= a) {
    messages.push(
      diagnostic('ref-range-invalid', 'error', at(), `Unexpected range from ${from.number} back to ${to.number}, expected the first entry to come before the second`),
    )
  }
}

function checkCard(
  name: string,
  cards: CardIndex,
  at: () => { file: string; line: number; column: number },
  messages: Diagnostic[],
  raw: RawText,
): string | undefined {
  const r = cards.resolveCard(name)
  // `{card:Sneakdoor Beta }` prints its space ("Sneakdoor Beta 's"). A warning, not an error: the official
  // releases have `{card: Hedge Fund}`, and they print what they were published with.
  const trimmed = name.trim()
  if (trimmed !== name && r.card && r.card.title === trimmed) {
    messages.push(
      diagnostic('card-spelling', 'warning', at(), `Unexpected space inside \`{card:${name}}\`, which prints with the name, expected \`{card:${trimmed}}\``, {
        suggestions: [`{card:${trimmed}}`],
        path: raw.path,
      }),
    )
    return r.card.code
  }
  if (r.match === 'none') {
    messages.push(
      diagnostic('card-unknown', 'error', at(), `Unknown card \`${name}\`, expected a card title from data/cards.json`, {
        suggestions: r.suggestions,
        path: raw.path,
      }),
    )
  } else if (r.match === 'diacritics' && r.card) {
    messages.push(
      diagnostic('card-spelling', 'warning', at(), `Card \`${name}\` is spelled \`${r.card.title}\` on the card`, {
        suggestions: [r.card.title],
        path: raw.path,
      }),
    )
  }
  return r.card?.code
}
