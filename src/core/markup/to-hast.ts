/**
 * Syntax tree → hast (HTML). Pure. All source text goes into hast text nodes
 * or attribute values, so `hast-util-to-html` escapes it; URLs from the source
 * are only linked when they are http(s) or mailto.
 */
import type { ElementContent, Root as HastRoot } from 'hast'
import { toHtml as hastToHtml } from 'hast-util-to-html'
import { h } from 'hastscript'
import type { MarkupPhrasing, MarkupRoot, MarkupSymbol } from './nodes.ts'
import { phraseReference } from './phrase-reference.ts'
import type { RenderContext } from './render-context.ts'
import { symbolIcon } from './symbol-icon.ts'
import { getSymbol } from './symbols.ts'
import { toText } from './to-text.ts'

/** Render a tree to a hast root (inline content only). */
export function toHast(tree: MarkupRoot, ctx: RenderContext): HastRoot {
  return { type: 'root', children: tree.children.flatMap((node) => renderNode(node, ctx)) }
}

/** Render a tree to an HTML string. */
export function toHtml(tree: MarkupRoot, ctx: RenderContext): string {
  return hastToHtml(toHast(tree, ctx))
}

function renderNode(node: MarkupPhrasing, ctx: RenderContext): ElementContent[] {
  switch (node.type) {
    case 'text':
      return [text(node.value)]
    case 'ruleReference':
    case 'ruleRange':
      return phraseReference(node, ctx).map((part) => {
        if (part.type === 'words') return text(part.value)
        // Only IDs that resolve get a link, so every emitted href exists.
        return part.known
          ? h('a', { className: ['cr-ref'], href: ctx.hrefFor(part.id) }, part.value)
          : h('span', { className: ['cr-ref', 'cr-ref-unknown'], dataRef: part.id }, part.value)
      })
    case 'termDefinition':
      return [h('dfn', { className: ['cr-term'] }, node.value)]
    case 'subtype':
      return [h('span', { className: ['cr-subtype'] }, node.value)]
    case 'cardMention': {
      const href = ctx.cardHref?.(node.name, node.code)
      return [
        href
          ? h('a', { className: ['cr-card'], href, dataCard: node.name }, node.name)
          : h('span', { className: ['cr-card'], dataCard: node.name }, node.name),
      ]
    }
    case 'productMention':
      return [h('cite', { className: ['cr-product'] }, node.name)]
    case 'link': {
      const label = node.children.map((child) => text(child.value))
      return isSafeUrl(node.url, false) ? [h('a', { href: node.url }, label)] : label
    }
    case 'image': {
      const src = ctx.imageSrc ? ctx.imageSrc(node.name) : node.name
      // Never an external or traversing source: a browser or PDF printer would fetch it.
      return unsafeImageReason(node.name) === undefined && isSafeUrl(src, true)
        ? [h('img', { className: ['cr-img'], src, alt: node.name, loading: 'lazy' })]
        : [text(node.name)]
    }
    case 'curly':
      return [text(`{${node.value}}`)]
    case 'symbol':
      return [renderSymbol(node, ctx)]
    case 'newText':
      return [h('span', { className: ['cr-new'] }, node.children.flatMap((child) => renderNode(child, ctx)))]
    default:
      // A node type added by someone else's plugin: fall back to its text.
      return [text(toText({ type: 'root', children: [node] }, ctx))]
  }
}

function renderSymbol(node: MarkupSymbol, ctx: RenderContext): ElementContent {
  const symbol = getSymbol(node.name)
  if (!symbol) return text(`[${node.name}]`)
  if (symbol.kind !== 'icon' || !symbol.path) return text(symbol.token)
  return symbolIcon(symbol, { copyable: ctx.copyableSymbols === true })
}

const text = (value: string): ElementContent => ({ type: 'text', value })

/**
 * Links: http, https and mailto only. Images may also be relative. The WHATWG
 * URL parser strips what browsers strip (tabs, newlines, leading spaces), so
 * `java\tscript:` is seen as the `javascript:` it is.
 */
export function isSafeUrl(url: string, allowRelative: boolean): boolean {
  let parsed: URL
  try {
    parsed = allowRelative ? new URL(url, 'https://relative.invalid/') : new URL(url)
  } catch {
    return false
  }
  const allowed = allowRelative ? ['http:', 'https:'] : ['http:', 'https:', 'mailto:']
  return allowed.includes(parsed.protocol)
}

/**
 * Why `{img:name}` is not a plain image name inside the site, or undefined
 * when it is: no scheme (`https:`, `data:`), no absolute path, no `..`.
 */
export function unsafeImageReason(name: string): string | undefined {
  const n = name.trim()
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(n)) return 'it is a URL (external images are fetched by every reader)'
  if (/^[\\/]/.test(n)) return 'it is an absolute path'
  if (n.split(/[\\/]/).includes('..')) return 'it leaves the image folder (`..`)'
  if (/[\u0000-\u001f\u007f]/.test(n)) return 'it contains control characters'
  return undefined
}
