/**
 * "Copy link" and "Copy citation" for every rule, without a pair of buttons
 * in the HTML of each: one toolbar moves to the rule under the pointer or
 * keyboard focus (focus a rule's number, then Tab).
 */
import { routes } from '../shared/routes.ts'

const RULE = '[data-n][id]'
const HEAD = '.rt, .st, .ct'

/**
 * The citation `cr cite` checks: `CR 6.1.4 (rule_end_the_run)` for the
 * current rules; on a release's own pages (`/v24.03/`) it names the edition,
 * `CR v24.03 6.2.5 (rule_move_runner_to_position)`, since its numbers may
 * belong to other rules today.
 */
export function citation(number: string, id: string, base = '/') {
  const edition = routes(base).version
  return edition ? `CR ${edition} ${number} (${id})` : `CR ${number} (${id})`
}

/**
 * The link to share for a rule: by its ID, which names the same rule in
 * every release to come (a renamed or merged ID redirects), where a number
 * may name another rule once one is inserted before it. `/r/<id>/` for the
 * current rules (a page that unfurls with the rule's text in chat apps); a
 * release's own pages have no permalink pages, so its chapter page with the
 * rule's anchor, `/v24.03/runs/#<id>` (`page`: the chapter read; a held
 * release never changes, so the anchor stays the rule's, and the link
 * unfurls naming the chapter, "6. Runs · CR v24.03"), or `/v24.03/?r=<id>`
 * from the one-page rules. The citation beside it gives the number to read.
 */
export function permalink(origin: string, id: string, base = '/', page?: string) {
  const at = routes(base)
  if (!at.current && page && page.startsWith(at.base) && page !== at.base && page !== at.onePage()) return `${origin}${page}#${id}`
  return `${origin}${at.permalink(id)}`
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Clipboard API refused (no permission, plain http): the old way.
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}

export function initRuleTools() {
  if (!document.querySelector(`${RULE} :is(${HEAD})`)) return
  const base = document.documentElement.dataset.base ?? '/'
  const bar = document.createElement('span')
  bar.className = 'tools'
  bar.setAttribute('role', 'group')
  const link = document.createElement('button')
  link.type = 'button'
  link.textContent = 'Copy link'
  const cite = document.createElement('button')
  cite.type = 'button'
  cite.textContent = 'Copy citation'
  const status = document.createElement('span')
  status.className = 'sr-only'
  status.setAttribute('aria-live', 'polite')
  bar.append(link, cite, status)

  let rule: HTMLElement | null = null
  const place = (head: Element | null) => {
    const r = head?.closest<HTMLElement>(RULE)
    if (!head || !r || r === rule) return
    rule = r
    bar.setAttribute('aria-label', `Rule ${r.dataset.n}`)
    head.querySelector('.n')?.after(bar)
  }
  document.addEventListener('mouseover', (e) => place((e.target as Element).closest?.(HEAD) ?? null))
  document.addEventListener('focusin', (e) => {
    const t = e.target as Element
    if (t.matches('a.n')) place(t.closest(HEAD))
  })
  // A tap on a number follows the link: the toolbar follows the target.
  const onHash = () => place(document.getElementById(decodeURIComponent(location.hash.slice(1)))?.querySelector(HEAD) ?? null)
  addEventListener('hashchange', onHash)
  if (location.hash) onHash()

  const done = (button: HTMLButtonElement, ok: boolean, what: string) => {
    const label = button.textContent
    button.textContent = ok ? 'Copied' : 'Copy failed'
    status.textContent = ok ? `${what} copied` : `Could not copy the ${what.toLowerCase()}`
    setTimeout(() => (button.textContent = label), 1500)
  }
  link.addEventListener('click', async () => {
    if (!rule) return
    done(link, await copyText(permalink(location.origin, rule.id, base, location.pathname)), 'Link')
  })
  cite.addEventListener('click', async () => {
    if (!rule) return
    done(cite, await copyText(citation(rule.dataset.n ?? '', rule.id, base)), 'Citation')
  })
}
