/**
 * Plain text with the game symbols' tokens (`4[credit]`), as word diffs and
 * history carry it, split so pages can draw the icons the rules show.
 */
import { SYMBOLS, type SymbolInfo } from '../../src/core/markup/symbols.ts'

const ICONS = new Map(SYMBOLS.filter((s) => s.kind === 'icon' && s.path).map((s) => [s.token, s]))
const TOKENS = new RegExp(`(${[...ICONS.keys()].map((t) => t.replace(/[[\]]/g, '\\$&')).join('|')})`)

/** `gain 4[credit].` → `['gain 4', <credit>, '.']` */
export function splitSymbols(text: string): (string | SymbolInfo)[] {
  return text.split(TOKENS).flatMap((part, i): (string | SymbolInfo)[] => (i % 2 === 1 ? [ICONS.get(part)!] : part ? [part] : []))
}
