/**
 * A number's history, said where the reader meets the number (issue 19):
 *
 *   - `?from=6.2.5` on today's rule: the permalink `/r/6.2.5/` of a number
 *     that named another rule before brought the reader here;
 *   - `?r=6.1.4a` (and so `/r/6.1.4a/` offline, and `/v24.03/r/…/`) for a
 *     number no rule of that release has: what it named, and where that is now.
 *
 * From `numbers.json` (kept offline with the current rules), in the sentence
 * the build's `/r/<n>/` pages use. A bar at the foot of the screen, so the
 * page under it does not move.
 */
import type { Phrase } from '../../src/core/phrase.ts'
import { numberHistory, type NumberHistoryItem } from './number-history.ts'

function sentenceNodes(sentence: Phrase): Node[] {
  return sentence.map((p) => {
    if (!p.code) return document.createTextNode(p.text)
    const code = document.createElement('code')
    code.textContent = p.text
    return code
  })
}

/** The bar: a heading line, then each earlier meaning with a link to the rule today. */
export function showNumberNote(heading: string, items: NumberHistoryItem[]): HTMLElement {
  document.querySelector('.number-note')?.remove()
  const bar = document.createElement('div')
  bar.className = 'number-note'
  bar.setAttribute('role', 'status')
  const head = document.createElement('p')
  head.className = 'number-note-h'
  head.textContent = heading
  const list = document.createElement('ul')
  for (const item of items) {
    const li = document.createElement('li')
    li.append(...sentenceNodes(item.sentence), '.')
    if (item.now) {
      const a = document.createElement('a')
      a.href = item.now.url
      a.textContent = `Open ${item.now.number}`
      li.append(' ', a)
    }
    list.append(li)
  }
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'btn'
  close.textContent = 'Close'
  close.addEventListener('click', () => bar.remove())
  bar.append(head, list, close)
  document.body.append(bar)
  return bar
}

/** `?from=6.2.5` on today's rule: what 6.2.5 named before. */
export async function noteFrom(number: string): Promise<void> {
  const items = await numberHistory(number)
  if (items.length > 0) showNumberNote(`${number} is this rule today. It named another rule before:`, items)
}

/** A number this release does not have: say what it named, if some release printed it. True when said. */
export async function noteUnknownNumber(number: string, version: string | undefined): Promise<boolean> {
  const items = await numberHistory(number)
  if (items.length === 0) return false
  showNumberNote(`No rule is numbered ${number} ${version ? `in ${version}` : 'today'}.`, items)
  return true
}
