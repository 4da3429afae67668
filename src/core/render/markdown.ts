/**
 * The rules as Markdown, one file per section, the shape help-authoring tools
 * export (and documentation sites import): `README.md` with the contents, then
 * `<NN>-<chapter>/<NN.MM>-<section>.md`, each rule with its printed number and
 * an anchor named by its ID, every reference a relative link to the file and
 * anchor of its target. A renderer over the model like any other: the tree is
 * turned into mdast and serialised by `mdast-util-to-markdown`, which escapes
 * what Markdown would otherwise read as syntax (rule text is data).
 */
import type { BlockContent, Html, List, ListItem, PhrasingContent, Root, RootContent } from 'mdast'
import { toMarkdown } from 'mdast-util-to-markdown'
import { cardUrl } from '../cards.ts'
import type { MarkupPhrasing, MarkupRoot } from '../markup/nodes.ts'
import { phraseReference } from '../markup/phrase-reference.ts'
import type { RenderContext } from '../markup/render-context.ts'
import { getSymbol } from '../markup/symbols.ts'
import { isSafeUrl } from '../markup/to-hast.ts'
import { indexRelease } from '../model/release-index.ts'
import type { ResolvedEntry, ResolvedRelease } from '../model/types.ts'
import { renderContextFor } from './context.ts'
import { renderText } from './text.ts'

/** `chpt_game_concepts` → `game-concepts`, `sec_steps_of_a_run` → `steps-of-a-run`. */
const slug = (id: string) => id.replace(/^(chpt|sec)_/, '').replaceAll('_', '-').replace(/[^A-Za-z0-9-]/g, '')
const pad = (n: string) => n.split('.').map((p) => p.padStart(2, '0')).join('.')

/** Relative path of the file that holds `e` (chapters: their folder's contents file). */
function fileOf(e: ResolvedEntry, byId: ReadonlyMap<string, ResolvedEntry>): string {
  const chapter = byId.get(e.chapter)!
  const dir = `${pad(chapter.number)}-${slug(chapter.id)}`
  if (e.kind === 'chapter' || e.section === null) return `${dir}/README.md`
  const section = byId.get(e.section)!
  return `${dir}/${pad(section.number)}-${slug(section.id)}.md`
}

/** From file `from` to `to#id`, relative, as Markdown links read. */
function relativeLink(from: string, to: string, id: string): string {
  if (from === to) return `#${id}`
  const fromDir = from.split('/').slice(0, -1)
  const toParts = to.split('/')
  let common = 0
  while (common < fromDir.length && common < toParts.length - 1 && fromDir[common] === toParts[common]) common++
  return `${'../'.repeat(fromDir.length - common)}${toParts.slice(common).join('/')}#${id}`
}

const anchor = (id: string): Html => ({ type: 'html', value: `<a id="${id.replace(/[^A-Za-z0-9_+.-]/g, '')}"></a>` })

export interface MarkdownOptions {
  /** Link card names to NetrunnerDB (default true). */
  cardLinks?: boolean
}

/** Every file of the export, by relative path. */
export function renderMarkdown(model: ResolvedRelease, options: MarkdownOptions = {}): Record<string, string> {
  const { byId } = indexRelease(model)
  const files = new Map<string, RootContent[]>()
  const push = (file: string, ...nodes: RootContent[]) => {
    let list = files.get(file)
    if (!list) files.set(file, (list = []))
    list.push(...nodes)
  }
  const linkCtx = (file: string): RenderContext => renderContextFor(model, { hrefFor: (id) => relativeLink(file, fileOf(byId.get(id)!, byId), id) })
  const phrasing = (tree: MarkupRoot, file: string) => toPhrasing(tree.children, linkCtx(file), options.cardLinks !== false)
  const plain = (tree: MarkupRoot) => renderText(tree, renderContextFor(model))

  const contents: RootContent[] = [
    { type: 'heading', depth: 1, children: [{ type: 'text', value: `${model.release.title ?? 'Netrunner Comprehensive Rules'} ${model.release.version}` }] },
  ]
  if (model.release.effective) contents.push({ type: 'paragraph', children: [{ type: 'text', value: `Effective ${model.release.effective}.` }] })
  const toc: List = { type: 'list', ordered: false, spread: false, children: [] }
  contents.push(toc)

  for (const e of model.entries) {
    const file = fileOf(e, byId)
    if (e.kind === 'chapter') {
      push(file, anchor(e.id), { type: 'heading', depth: 1, children: [{ type: 'text', value: `${e.number}. ${plain(e.text)}` }] })
      toc.children.push({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'link', url: `${file}#${e.id}`, children: [{ type: 'text', value: `${e.number}. ${plain(e.text)}` }] }] }, { type: 'list', ordered: false, spread: false, children: [] }] })
      continue
    }
    if (e.kind === 'section') {
      push(file, anchor(e.id), { type: 'heading', depth: 1, children: [{ type: 'text', value: `${e.number} ${plain(e.text)}` }] })
      if (e.snippet) push(file, { type: 'paragraph', children: phrasing(e.snippet, file) })
      const chapterItem = toc.children[toc.children.length - 1]!
      const sections = chapterItem.children[1] as List
      sections.children.push({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'link', url: `${file}#${e.id}`, children: [{ type: 'text', value: `${e.number} ${plain(e.text)}` }] }] }] })
      continue
    }
    // Rules and the timing structures' top level are blocks; sub-rules, steps and deeper timing elements nest under them.
    const parent = e.parent !== null ? byId.get(e.parent) : undefined
    if (parent && parent.kind !== 'section') continue
    push(file, ...entryBlocks(e, file))
  }

  function entryBlocks(e: ResolvedEntry, file: string): BlockContent[] {
    const head: PhrasingContent[] = [anchor(e.id), { type: 'strong', children: [{ type: 'text', value: e.label }] }, { type: 'text', value: ' ' }]
    const text: PhrasingContent[] = e.heading ? [{ type: 'strong', children: phrasing(e.text, file) }] : phrasing(e.text, file)
    const blocks: BlockContent[] = [{ type: 'paragraph', children: [...head, ...text] }]
    for (const ex of e.examples) blocks.push({ type: 'blockquote', children: [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'Example:' }] }, { type: 'text', value: ' ' }, ...phrasing(ex.text, file)] }] })
    const children = e.children.map((id) => byId.get(id)).filter((c): c is ResolvedEntry => c !== undefined)
    if (children.length > 0) {
      blocks.push({ type: 'list', ordered: false, spread: false, children: children.map((c): ListItem => ({ type: 'listItem', spread: false, children: entryBlocks(c, file) })) })
    }
    return blocks
  }

  const out: Record<string, string> = { 'README.md': serialize({ type: 'root', children: contents }) }
  for (const [file, nodes] of files) out[file] = serialize({ type: 'root', children: nodes })
  return out
}

function serialize(root: Root): string {
  return toMarkdown(root, { bullet: '-', emphasis: '_', strong: '*', listItemIndent: 'one', rule: '-' })
}

function toPhrasing(nodes: readonly MarkupPhrasing[], ctx: RenderContext, cardLinks: boolean): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    switch (node.type) {
      case 'text':
      case 'subtype':
        return [{ type: 'text', value: node.value }]
      case 'termDefinition':
        return [{ type: 'strong', children: [{ type: 'text', value: node.value }] }]
      case 'cardMention':
        return cardLinks && node.code !== undefined ? [{ type: 'link', url: cardUrl(node.code), children: [{ type: 'text', value: node.name }] }] : [{ type: 'text', value: node.name }]
      case 'productMention':
        return [{ type: 'emphasis', children: [{ type: 'text', value: node.name }] }]
      case 'link': {
        const label: PhrasingContent[] = node.children.map((c) => ({ type: 'text', value: c.value }))
        return isSafeUrl(node.url, false) ? [{ type: 'link', url: node.url, children: label }] : label
      }
      case 'image':
        return [{ type: 'text', value: node.name }]
      case 'curly':
        return [{ type: 'text', value: `{${node.value}}` }]
      case 'symbol':
        return [{ type: 'text', value: getSymbol(node.name)?.token ?? `[${node.name}]` }]
      case 'ruleReference':
      case 'ruleRange':
        return phraseReference(node, ctx).map((part): PhrasingContent =>
          part.type === 'target' && part.known ? { type: 'link', url: ctx.hrefFor(part.id), children: [{ type: 'text', value: part.value }] } : { type: 'text', value: part.value },
        )
      case 'newText':
        return toPhrasing(node.children, ctx, cardLinks)
      default:
        return []
    }
  })
}

