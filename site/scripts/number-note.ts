/**
 * A number's history, said where the reader meets the number (issue 19):
 *
 *   - `?from=6.2.5` on the rule a number led to: the permalink `/r/6.2.5/`,
 *     `?r=6.2.5` or search's Enter on a number that named (or, on an old
 *     release, names) another rule elsewhere, or that this release lacks
 *     but named one rule elsewhere (`10.5.5` → 1.14.3a);
 *   - `?r=<n>` on the home page, for a number this release lacks that named
 *     several rules elsewhere: each, with a link.
 *
 * From `numbers.json` (kept offline with the current rules), in the sentence
 * the build's `/r/<n>/` pages use. A bar at the foot of the screen, so the
 * page under it does not move.
 */
import { sentence, type Phrase } from '../../src/core/phrase.ts'
import { numberHistory, type NumberHistory, type NumberHistoryItem } from './number-history.ts'

function sentenceNodes(sentence: Phrase): Node[] {
  return sentence.map((p) => {
    if (!p.code) return document.createTextNode(p.text)
    const code = document.createElement('code')
    code.textContent = p.text
    return code
  })
}

/** The bar: a heading line, then each earlier meaning with a link to the rule today. */
export function showNumberNote(heading: string, items: (Pick<NumberHistoryItem, 'sentence' | 'now'> & { link?: { url: string; text: string } })[], now?: NumberHistory['now']): HTMLElement {
  document.querySelector('.number-note')?.remove()
  const bar = document.createElement('div')
  bar.className = 'number-note'
  bar.setAttribute('role', 'status')
  const head = document.createElement('p')
  head.className = 'number-note-h'
  // "6.2.5 is this rule in v24.03 (6.2.8 today)": "6.2.8 today" links to the rule today.
  const at = now ? heading.indexOf(now.text) : -1
  if (now && at >= 0) {
    const a = document.createElement('a')
    a.href = now.url
    a.textContent = now.text
    head.append(heading.slice(0, at), a, heading.slice(at + now.text.length))
  } else head.textContent = heading
  const list = document.createElement('ul')
  for (const item of items) {
    const li = document.createElement('li')
    li.append(...sentenceNodes(sentence(item.sentence)))
    if (item.now) {
      const a = document.createElement('a')
      a.href = item.now.url
      a.textContent = `Open ${item.now.number}`
      li.append(' ', a)
    }
    if (item.link) {
      const a = document.createElement('a')
      a.href = item.link.url
      a.textContent = item.link.text
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

/** `?from=6.2.5` on the rule a number led to (in the release at `base`): what else that number named or names. */
export async function noteFrom(number: string, base: string): Promise<void> {
  const story = await numberHistory(number, base)
  if (story.items.length > 0) showNumberNote(story.heading, story.items, story.now)
}

/** A number the release at `base` has no rule for, said where the reader is (more than one rule it could mean). True when said. */
export async function noteNumber(story: NumberHistory): Promise<boolean> {
  if (story.items.length === 0) return false
  showNumberNote(story.heading, story.items, story.now)
  return true
}

/**
 * An ID the release at `version` does not have, though another release has
 * or had it (`?r=rule_position_runner` on `/v24.03/`): said here, with a link
 * to `page` (`/r/<id>/`: the rule today, or why it was removed).
 */
export function noteAbsent(id: string, version: string, page: string): HTMLElement {
  return showNumberNote(`${id} is not a rule of ${version}.`, [
    { sentence: [{ text: id, code: true }, { text: ` names a rule of another release, with no equivalent in ${version}.` }], link: { url: page, text: 'What it is today' } },
  ])
}
