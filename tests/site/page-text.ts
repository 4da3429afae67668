/**
 * The text a reader sees on a built page, block by block, from parse5's tree:
 * inline elements run together exactly as the browser runs them (so a
 * missing space between `</a>` and the next word shows), block elements end
 * a line. Scripts, styles and `<noscript>` are not text; an inline icon
 * (`<svg>`) is one object character, like the browser's, and its text form
 * for copying (`.cr-sym-t`, transparent over it) is not seen.
 */
import { parse } from 'parse5'

interface P5Node {
  nodeName: string
  value?: string
  attrs?: { name: string; value: string }[]
  childNodes?: P5Node[]
}

const BLOCK = new Set(
  'address article aside blockquote body br button dd details div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr input li main nav ol option p pre section select summary table tbody td tfoot th thead title tr ul'.split(' '),
)
const SKIP = new Set(['script', 'style', 'template', 'noscript', '#comment'])

/** `[text, tag of its block]` for every non-empty block, whitespace collapsed as CSS does. */
export function pageBlocks(html: string): { text: string; tag: string }[] {
  const blocks: { text: string; tag: string }[] = []
  let line = ''
  let tag = 'body'
  const flush = (next: string) => {
    const text = line.replace(/\s+/g, ' ').trim()
    if (text) blocks.push({ text, tag })
    line = ''
    tag = next
  }
  const walk = (node: P5Node) => {
    if (SKIP.has(node.nodeName)) return
    if (node.nodeName === '#text') {
      line += node.value ?? ''
      return
    }
    if (node.nodeName === 'span' && node.attrs?.some((a) => a.name === 'class' && a.value.split(' ').includes('cr-sym-t'))) return
    if (node.nodeName === 'svg') {
      line += '\uFFFC'
      return
    }
    if (node.nodeName === 'meta') {
      // What a shared link unfurls with is read too.
      const content = node.attrs?.find((a) => a.name === 'content')?.value
      const name = node.attrs?.find((a) => a.name === 'name' || a.name === 'property')?.value ?? ''
      if (content && /description|title/.test(name)) {
        flush('meta')
        line = content
        flush('meta')
      }
      return
    }
    const block = BLOCK.has(node.nodeName)
    if (block) flush(node.nodeName)
    for (const child of node.childNodes ?? []) walk(child)
    if (block) flush('body')
  }
  walk(parse(html) as unknown as P5Node)
  flush('body')
  return blocks
}

/** Text that reads wrong: words run together, "1 entries", game symbols as tokens. */
export const TEXT_FAULTS: { name: string; pattern: RegExp }[] = [
  // "2026-03-02.All rules", "changes.Read this"; not "e.g.", numbers or file names.
  { name: 'no space after a full stop', pattern: /[a-z0-9][.!?;][A-Z][a-z]/ },
  // "Mentioned in9.6.14d", "see rule6.1.4"
  { name: 'word run into a number', pattern: /\b(?:in|of|see|rule|rules|section|sections|step|steps|and|to|at|by|from|than)\d/ },
  // "Changes1" or "terms.Read"; a closing bracket then a word
  { name: 'no space after a comma', pattern: /[a-z],[A-Za-z]{2}/ },
  { name: 'a plural after one', pattern: /(?<![\d.])\b1 (?:entries|terms|cards|rules|files|changes|sections|releases|citations|steps)\b/ },
  { name: 'a game symbol as its text token', pattern: /\[(?:credit|click|recurring|mu|link|subroutine|trash|trash-cost|interrupt)\]/ },
]
