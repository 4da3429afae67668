/**
 * The words of a reference, as the published document prints them: "rule
 * 1.2.3", "rules 1.2.3 and 1.2.4", "rule 1.2.3 and section 4.5", "sections
 * 6.3 through 6.8". Shared by the HTML and the plain-text renderers so they
 * can never disagree.
 */
import type { RuleRange, RuleReference } from './nodes.ts'
import type { RenderContext } from './render-context.ts'

export type ReferencePart =
  | { type: 'words'; value: string }
  /** One linkable piece; `known` is false when the ID does not resolve (its text is then the raw ID). */
  | { type: 'target'; id: string; value: string; known: boolean }

type Word = 'rule' | 'section' | 'step'

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const wordFor = (word: Word, capitalized: boolean, plural = false) => {
  const w = plural ? `${word}s` : word
  return capitalized ? capitalize(w) : w
}

/** Turn a reference node into words and link targets. */
export function phraseReference(node: RuleReference | RuleRange, ctx: RenderContext): ReferencePart[] {
  if (node.type === 'ruleRange') return phraseRange(node, ctx)

  const items = node.ids.map((id) => ({ id, found: ctx.lookup(id) }))
  const first = items[0]
  if (!first) return []
  const words = new Set(items.map((item) => item.found?.word))
  const shared = items.length > 1 && words.size === 1 ? first.found?.word : undefined

  if (shared) {
    // "rules 1.2.3 and 1.2.4": one plural word, then the numbers.
    const targets = items.map(({ id, found }) => target(id, found?.number))
    return [{ type: 'words', value: `${wordFor(shared, node.capitalized, true)} ` }, ...joinList(targets)]
  }

  // A single reference, or words that differ: each item keeps its own word.
  const targets = items.map(({ id, found }, index) =>
    found ? target(id, `${wordFor(found.word, node.capitalized && index === 0)} ${found.number}`) : target(id, undefined),
  )
  return joinList(targets)
}

function phraseRange(node: RuleRange, ctx: RenderContext): ReferencePart[] {
  const from = ctx.lookup(node.from)
  const to = ctx.lookup(node.to)
  const word = from?.word ?? to?.word
  const parts: ReferencePart[] = []
  if (word) parts.push({ type: 'words', value: `${wordFor(word, node.capitalized, true)} ` })
  parts.push(target(node.from, from?.number), { type: 'words', value: ' through ' }, target(node.to, to?.number))
  return parts
}

function target(id: string, value: string | undefined): ReferencePart {
  return value === undefined ? { type: 'target', id, value: id, known: false } : { type: 'target', id, value, known: true }
}

/** "a", "a and b", "a, b and c" — no Oxford comma, as published. */
function joinList(items: ReferencePart[]): ReferencePart[] {
  const out: ReferencePart[] = []
  items.forEach((item, index) => {
    if (index > 0) out.push({ type: 'words', value: index === items.length - 1 ? ' and ' : ', ' })
    out.push(item)
  })
  return out
}
