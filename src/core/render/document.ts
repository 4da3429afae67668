/**
 * The index view of a resolved release: `CompiledDocument`, every entry with
 * its plain text (published style) and HTML, the shape of `rules.json` and of
 * what the CLI prints. One renderer among others, run at the edge with the
 * links the caller wants.
 */
import { collectMentions } from '../markup/collect-mentions.ts'
import type { MarkupRoot } from '../markup/nodes.ts'
import type { RenderContext } from '../markup/render-context.ts'
import { toHtml } from '../markup/to-hast.ts'
import type { ResolvedRelease } from '../model/types.ts'
import type { ChangelogEntry, CompiledDocument, CompiledExample, RuleEntry } from '../types.ts'
import { renderContextFor, type RenderOptions } from './context.ts'
import { renderText } from './text.ts'
import { cardUrl } from '../cards.ts'

/**
 * Rendered texts kept between renders of the same trees (the language
 * server re-renders after each keystroke): a tree renders the same while the
 * entries it refers to keep their number and word.
 */
export type RenderMemo = WeakMap<MarkupRoot, { key: string; text: string; html: string }>

export function createRenderMemo(): RenderMemo {
  return new WeakMap()
}

export function renderDocument(model: ResolvedRelease, links: RenderOptions = {}, memo?: RenderMemo): CompiledDocument {
  const ctx = renderContextFor(model, links)
  const render = (tree: MarkupRoot) => renderBoth(tree, ctx, memo)
  const rules = model.entries.map((e): RuleEntry => {
    const body = render(e.text)
    const entry: RuleEntry = {
      id: e.id,
      number: e.number,
      label: e.label,
      kind: e.kind,
      parent: e.parent,
      children: e.children,
      chapter: e.chapter,
      section: e.section,
      depth: e.depth,
      text: body.text,
      html: body.html,
      heading: e.heading,
      steps: e.steps,
      new: e.new,
      terms: e.terms,
      subtypes: e.subtypes,
      cards: e.cards,
      refs: e.refs,
      examples: e.examples.map((ex): CompiledExample => {
        const r = render(ex.text)
        const m = collectMentions(ex.text)
        return { id: ex.id, text: r.text, html: r.html, new: ex.new, cards: m.cards, terms: m.terms }
      }),
      source: e.source,
    }
    // Keys in the order rules.json has always had them.
    if (e.kind === 'chapter' || e.kind === 'section' || e.heading) entry.title = body.text
    if (e.tocTitle) entry.tocTitle = render(e.tocTitle).text
    if (e.snippet) entry.snippet = render(e.snippet)
    if (e.bold !== undefined) entry.bold = e.bold
    if (e.prose !== undefined) entry.prose = e.prose
    return entry
  })
  const changelog = model.changelog.map((c): ChangelogEntry => ({ ...render(c.text), refs: c.refs, source: c.source }))
  return { release: model.release, rules, changelog }
}

function renderBoth(tree: MarkupRoot, ctx: RenderContext, memo: RenderMemo | undefined): { text: string; html: string } {
  if (!memo) return { text: renderText(tree, ctx), html: toHtml(tree, ctx) }
  const key = collectMentions(tree)
    .refs.map((id) => {
      const e = ctx.lookup(id)
      return e ? `${id} ${e.number} ${e.word}` : id
    })
    .join('\n')
  const hit = memo.get(tree)
  if (hit && hit.key === key) return { text: hit.text, html: hit.html }
  const out = { text: renderText(tree, ctx), html: toHtml(tree, ctx) }
  memo.set(tree, { key, ...out })
  return out
}

/** Links of the index view: one-page anchors, cards to NetrunnerDB. */
export const INDEX_LINKS: RenderOptions = { cardHref: (_, code) => (code !== undefined ? cardUrl(code) : undefined) }

const views = new WeakMap<ResolvedRelease, CompiledDocument>()

/**
 * The index view of a model (`renderDocument` with `INDEX_LINKS`), rendered
 * once per model: what `compile` returns as `document`, what a cached model
 * renders back to, what diffs and histories show as text.
 */
export function indexView(model: ResolvedRelease, memo?: RenderMemo): CompiledDocument {
  let view = views.get(model)
  if (!view) views.set(model, (view = renderDocument(model, INDEX_LINKS, memo)))
  return view
}
