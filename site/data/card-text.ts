/**
 * Card text from NetrunnerDB is HTML-ish (`<strong>`, `<trace>`, `[credit]`).
 * It is data, not markup we trust: tokenize it, keep only emphasis and
 * symbols, and let hast-util-to-html escape everything else.
 */
import { h } from 'hastscript'
import { toHtml } from 'hast-util-to-html'
import type { ElementContent } from 'hast'
import { symbolIcon } from '../../src/core/markup/symbol-icon.ts'
import { SYMBOLS, type SymbolInfo } from '../../src/core/markup/symbols.ts'

// NetrunnerDB's spellings that differ from the rules' ones.
const NRDB_ALIASES: Record<string, string> = { 'recurring-credit': 'recurring' }

function symbolFor(name: string): SymbolInfo | undefined {
  const wanted = NRDB_ALIASES[name] ?? name
  return SYMBOLS.find((s) => s.kind === 'icon' && (s.name === wanted || s.aliases.includes(wanted)))
}

const TOKEN = /<\/?([a-z]+)[^>]*>|\[([a-z-]+)\]|\n/gi
const EMPHASIS: Record<string, string> = { strong: 'strong', b: 'strong', em: 'em', i: 'em', trace: 'strong', errata: 'em' }

export function cardTextToHtml(text: string): string {
  const root: ElementContent[] = []
  const stack: { tag: string; children: ElementContent[] }[] = [{ tag: '', children: root }]
  const top = () => stack[stack.length - 1]!.children
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) top().push({ type: 'text', value: text.slice(last, m.index) })
    last = m.index + m[0].length
    const [whole, tag, sym] = m
    if (whole === '\n') top().push(h('br'))
    else if (sym !== undefined) {
      const s = symbolFor(sym.toLowerCase())
      // Drawn as rule text draws it, and copied as its token (`[credit]`), whatever NetrunnerDB's spelling.
      top().push(s ? symbolIcon(s, { copyable: true }) : { type: 'text', value: whole })
    } else if (tag !== undefined) {
      // A list item starts a line of its own: "choice:• Remove 2 bad publicity.• Choose…", not "publicity.Choose".
      if (tag.toLowerCase() === 'li' && !whole.startsWith('</')) {
        top().push(h('br'), { type: 'text', value: '• ' })
        continue
      }
      const name = EMPHASIS[tag.toLowerCase()]
      if (!name) continue // Unknown tags are dropped, their text kept.
      if (whole.startsWith('</')) {
        if (stack.length > 1 && stack[stack.length - 1]!.tag === name) {
          const done = stack.pop()!
          top().push(h(name, done.children))
        }
      } else stack.push({ tag: name, children: [] })
    }
  }
  if (last < text.length) top().push({ type: 'text', value: text.slice(last) })
  // Unclosed tags: keep their text.
  while (stack.length > 1) {
    const done = stack.pop()!
    top().push(h(done.tag, done.children))
  }
  return toHtml({ type: 'root', children: root })
}
