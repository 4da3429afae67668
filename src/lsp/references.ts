/**
 * Every place an ID is used in a rules folder: each `{ref:…}` naming it, its
 * definition, and `retired.yaml` entries that retire it or send an old ID to
 * it. Pure: file texts in, places out (lines and UTF-16 columns, 0-based).
 */
import { definitionIn, referencesIn } from '../core/edit/ids-at.ts'

export interface Place {
  path: string
  line: number
  start: number
  end: number
  kind: 'definition' | 'reference' | 'retirement'
}

export function referencesTo(id: string, files: readonly { path: string; text: string }[], includeDeclaration: boolean): Place[] {
  const out: Place[] = []
  const word = new RegExp(`(?<![A-Za-z0-9_])${id.replace(/[.+]/g, '\\$&')}(?![A-Za-z0-9_+.])`, 'g')
  for (const { path, text } of files) {
    const retired = /(^|[\\/])retired\.ya?ml$/.test(path)
    text.split('\n').forEach((line, n) => {
      if (retired) {
        // `- id: old` retires it; `renamed_to:`, `merged_into:`, `split_into:` lead to it.
        if (/^\s*(-\s+)?(id|renamed_to|merged_into|split_into):/.test(line)) {
          for (const m of line.matchAll(word)) out.push({ path, line: n, start: m.index, end: m.index + id.length, kind: 'retirement' })
        }
        return
      }
      const def = definitionIn(line)
      if (includeDeclaration && def?.id === id) out.push({ path, line: n, start: def.start, end: def.end, kind: 'definition' })
      for (const r of referencesIn(line)) if (r.id === id) out.push({ path, line: n, start: r.start, end: r.end, kind: 'reference' })
    })
  }
  return out
}
