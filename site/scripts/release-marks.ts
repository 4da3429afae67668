/**
 * On a held release's pages (`/v24.03/`), each rule that changed since
 * carries a small mark saying how (renamed, reworded, merged…) and its number
 * today, linking to `/r/<id>/`: the rule today, or why it was removed. Made
 * here from `lookup.json`'s `h` (fetched once per release, kept offline), not
 * written into every page: a release's pages stay the size they were. On its
 * chapter pages and its one-page rules alike (a judge reading `/v24.03/full/`
 * sees what one reading `/v24.03/runs/` sees); never in print, so the PDF,
 * printed from the one-page rules, is the text that release published.
 */
import { readChange } from '../../src/core/versions/release-map.ts'
import { siteRoutes } from '../shared/routes.ts'
import { loadLookup } from './lookup.ts'

/** The mark's words: visible (`renumbered · 6.2.9 today`, `changed · 6.2.7e today` for several kinds) and read aloud (`6.2.4e changed since v24.03: renamed, reworded; 6.2.7e today`). */
export function markWords(code: string, number: string, version: string): { text: string; label: string } {
  const { what, number: today } = readChange(code)
  if (what.includes('removed')) return { text: `removed since ${version}`, label: `${number} was removed after ${version}: see why` }
  // One kind of change is said in the visible words (`renumbered · 6.2.9 today`); several, as `changed`.
  const how = what.length === 1 ? what[0]! : 'changed'
  return {
    text: today && today !== number ? `${how} · ${today} today` : `${how} since ${version}`,
    label: `${number} changed since ${version}: ${what.join(', ')}${today ? `; ${today} today` : ''}`,
  }
}

export async function initReleaseMarks(base: string, version: string) {
  // The PDF's print of `/full/` refuses `lookup.json` (integration/pdf.ts): no marks there, and they are hidden in print anyway.
  if (!document.querySelector('[data-n][id] > .rt')) return
  const { changed } = await loadLookup(base)
  for (const [id, code] of changed) {
    const rule = document.getElementById(id)
    const text = rule?.matches('[data-n]') ? rule.querySelector(':scope > .rt') : null
    if (!rule || !text || text.querySelector(':scope > .chg')) continue
    const { text: words, label } = markWords(code, rule.dataset.n ?? '', version)
    const a = document.createElement('a')
    a.className = 'chg'
    a.href = siteRoutes.retired(id)
    a.textContent = words
    a.setAttribute('aria-label', label)
    a.title = label
    text.append(' ', a)
  }
}
