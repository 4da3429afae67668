/**
 * Phase 2: parse every text's markup, resolve references against the full ID
 * table, check cards, and render HTML and plain text.
 */
import { visit } from 'unist-util-visit'
import type { DraftEntry, RawText } from './collect.ts'
import { diagnostic } from './diagnostics.ts'
import type { LoadedYaml } from './load-yaml.ts'
import { parseMarkup, toHtml, toText, type MarkupRoot, type RenderContext } from './markup/index.ts'
import { lowerFirst, suggestClosest } from './ids.ts'
import type { Diagnostic, Position } from './types.ts'
import { cardUrl, type CardIndex } from './cards.ts'

/** The word the published document uses for a reference to this entry. */
export function referenceWord(e: DraftEntry, byId: Map<string, DraftEntry>): 'rule' | 'section' | 'step' {
  // Sections are "section" even when their rules are steps (7.2, 7.5).
  if (e.kind === 'chapter' || e.kind === 'section') return 'section'
  if (e.kind === 'step' || e.steps || e.kind === 'timing') return 'step'
  // The rules of a `steps:` section are steps too ("step 7.5.4").
  const parent = e.parent ? byId.get(e.parent) : undefined
  if (parent?.steps) return 'step'
  return e.sourceKind === 'subsection' ? 'section' : 'rule'
}

/** References are written `{ref:Id}` to capitalise the word; the ID is lowercase-first. */


export interface ParsedText {
  tree: MarkupRoot
  text: string
  html: string
  refs: string[]
  terms: string[]
  subtypes: string[]
  cards: string[]
}

export interface ResolveContext {
  byId: Map<string, DraftEntry>
  loadedFiles: Map<string, LoadedYaml>
  cards: CardIndex | undefined
  hrefFor: (id: string) => string
  messages: Diagnostic[]
}

export function makeRenderContext(ctx: ResolveContext): RenderContext {
  return {
    lookup(id) {
      const e = ctx.byId.get(lowerFirst(id))
      return e ? { number: e.number, word: referenceWord(e, ctx.byId) } : undefined
    },
    hrefFor: ctx.hrefFor,
    cardHref(name) {
      const card = ctx.cards?.resolveCard(name).card
      return card ? cardUrl(card.code) : undefined
    },
  }
}

/** Parse, check and render one text; diagnostics go to `ctx.messages`. */
export function resolveText(raw: RawText, ctx: ResolveContext, render: RenderContext): ParsedText {
  const loaded = ctx.loadedFiles.get(raw.file)
  const place = (pos: Position | undefined) => {
    const at = loaded && pos ? loaded.locateInString(raw.path, pos.start.offset) : loaded?.locate(raw.path)
    return { file: raw.file, line: at?.line ?? 1, column: at?.column ?? 1 }
  }

  const { tree, problems } = parseMarkup(raw.value)
  for (const p of problems) {
    ctx.messages.push(diagnostic(p.code, 'error', place(p.position), p.message, { suggestions: p.suggestions, path: raw.path }))
  }

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
        suggestions: suggestClosest(id, ctx.byId.keys()),
        path: raw.path,
      }),
    )
    return undefined
  }

  visit(tree, (node) => {
    switch (node.type) {
      case 'ruleReference':
        for (const id of node.ids) checkRef(id, node.position)
        break
      case 'ruleRange': {
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
      case 'cardMention':
        push(cards, node.name)
        if (ctx.cards) checkCard(node.name, ctx.cards, () => place(node.position), ctx.messages, raw)
        break
    }
  })

  return { tree, text: toText(tree, render), html: toHtml(tree, render), refs, terms, subtypes, cards }
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
) {
  const r = cards.resolveCard(name)
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
}
