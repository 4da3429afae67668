/**
 * A resolved text as plain text, in one of three styles. Each is a row of
 * `TEXT_STYLES`; a new style is one function and one row.
 *
 * - `published`: as the published document's plain text reads — references as
 *   words and numbers ("section 6.2.8"), symbols as tokens (`[credit]`).
 * - `generator`: as the rules team's generator flattens markup for its
 *   `rules.json` — terms in capitals, symbols as written (`[c]`, `[MU]`; `{c}`
 *   loses its braces), a reference list in the first target's word.
 * - `words`: the published text with game symbols as words ("Gain 2
 *   credits.", "click: Draw"), where no icon can be drawn (a shared link's
 *   preview, a screen reader's summary).
 * - `canonical`: for comparing and hashing across releases — the published
 *   text with each reference's number replaced by the ID it names ("section
 *   ⟦rule_end_the_run⟧"), so a renumbering elsewhere never makes a text look
 *   reworded; whitespace collapsed. Rule hashes (`cite/rule-hash.ts`, the
 *   `hash` of rules.json, coverage baselines) are taken over it, so it stays
 *   what earlier versions computed by replacing numbers in the printed text.
 * - `compared`: the canonical text with every reference's generated word the
 *   same ("rule ⟦rule_end_the_run⟧" whether printed "rule 6.1.4" or "section
 *   6.1.4"): what says whether a rule was reworded. The word follows the
 *   target (a rule that gains sub-rules is printed as a section), so it
 *   changes with no edit to the text; hashes keep the canonical style.
 */
import type { MarkupPhrasing, MarkupRoot, RuleRange, RuleReference } from '../markup/nodes.ts'
import type { RenderContext } from '../markup/render-context.ts'
import { toText, type SymbolText } from '../markup/to-text.ts'
import { getSymbol } from '../markup/symbols.ts'

export type TextStyle = 'published' | 'generator' | 'words' | 'canonical' | 'compared'

type StyleRenderer = (tree: MarkupRoot, ctx: RenderContext) => string

export const TEXT_STYLES: Record<TextStyle, StyleRenderer> = {
  published: (tree, ctx) => toText(tree, ctx),
  generator: (tree, ctx) => tree.children.map((node) => generatorNode(node, ctx)).join(''),
  words: (tree, ctx) => toText(tree, ctx, symbolAsWords),
  canonical: (tree, ctx) => toText(tree, idsForNumbers(ctx)).replace(/\s+/g, ' ').trim(),
  compared: (tree, ctx) => toText(tree, idsForNumbers(ctx, 'rule')).replace(/\s+/g, ' ').trim(),
}

/**
 * An icon as words: its label, counted by the number printed right before it
 * (`2[credit]` → "2 credits", `1[credit]` → "1 credit"); two icons in a row
 * get a space (`[click][click]` → "click click"). Characters (the dash) print
 * as themselves.
 */
const symbolAsWords: SymbolText = (name, before) => {
  const info = getSymbol(name)
  if (!info) return `[${name}]`
  if (info.kind !== 'icon' || !info.path) return info.token
  const count = /(?:^|[^\w.])(\d+)$/.exec(before)?.[1]
  if (count !== undefined) return ` ${info.label}${count === '1' ? '' : 's'}`
  return /[\w\]]$/.test(before) ? ` ${info.label}` : info.label
}

export function renderText(tree: MarkupRoot, ctx: RenderContext, style: TextStyle = 'published'): string {
  return TEXT_STYLES[style](tree, ctx)
}

function generatorNode(node: MarkupPhrasing, ctx: RenderContext): string {
  switch (node.type) {
    case 'text':
    case 'subtype':
      return node.value
    case 'termDefinition':
      return node.value.toUpperCase()
    case 'cardMention':
    case 'productMention':
    case 'image':
      return node.name
    case 'link':
      return node.children.map((c) => c.value).join('')
    case 'curly':
      return `{${node.value}}`
    case 'symbol': {
      // As written; `{c}` loses its braces like any brace tag the generator does not know.
      const written = node.written ?? `[${node.name}]`
      return written.startsWith('{') ? written.slice(1, -1) : written
    }
    case 'ruleReference':
    case 'ruleRange':
      return generatorReference(node, ctx)
    case 'newText':
      return node.children.map((c) => generatorNode(c, ctx)).join('')
    default:
      return ''
  }
}

/** The generator's phrasing: the first target's word for all ("rules 10.1.3 and 10.1.4"), "section" when it is unknown. */
function generatorReference(node: RuleReference | RuleRange, ctx: RenderContext): string {
  const ids = node.type === 'ruleRange' ? [node.from, node.to] : node.ids
  const found = ids.map((id) => ctx.lookup(id))
  let word: string = found[0]?.word ?? 'section'
  if (node.capitalized) word = word.charAt(0).toUpperCase() + word.slice(1)
  const numbers = found.map((e, i) => e?.number ?? ids[i]!)
  if (numbers.length === 1) return `${word} ${numbers[0]}`
  const combiner = node.type === 'ruleRange' ? 'through' : 'and'
  return `${word}s ${numbers.slice(0, -1).join(', ')} ${combiner} ${numbers[numbers.length - 1]}`
}

/** The context with every known reference's number printed as `⟦id⟧`. */
function idsForNumbers(ctx: RenderContext, word?: 'rule'): RenderContext {
  return {
    ...ctx,
    lookup(id) {
      const found = ctx.lookup(id)
      return found ? { ...found, number: `⟦${id}⟧`, ...(word !== undefined ? { word } : {}) } : undefined
    },
  }
}

/** A published text as runs: plain text, and each game symbol as itself, so a page draws its icon from data. */
export type TextRun = string | { symbol: string; token: string }

/**
 * The published style as runs: what `renderText(tree, ctx)` prints, with each
 * symbol kept as a node (its name and the token the text prints) instead of
 * only its token, so a word diff can treat it as one word and a page can draw
 * its icon without looking for tokens in the text.
 */
export function renderRuns(tree: MarkupRoot, ctx: RenderContext): TextRun[] {
  const symbols: { at: number; symbol: string; token: string }[] = []
  const text = toText(tree, ctx, (name, before) => {
    const token = getSymbol(name)?.token ?? `[${name}]`
    symbols.push({ at: before.length, symbol: name, token })
    return token
  })
  const runs: TextRun[] = []
  let from = 0
  for (const s of symbols) {
    if (s.at > from) runs.push(text.slice(from, s.at))
    runs.push({ symbol: s.symbol, token: s.token })
    from = s.at + s.token.length
  }
  if (from < text.length) runs.push(text.slice(from))
  return runs
}

/** The text runs print: the published text. */
export const runsText = (runs: readonly TextRun[]): string => runs.map((r) => (typeof r === 'string' ? r : r.token)).join('')
