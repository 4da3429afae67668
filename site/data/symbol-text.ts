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

/**
 * Where no icon can be drawn (a link preview's text), symbols as words:
 * `Gain 2[credit].` → `Gain 2 credits.`, `[click]: Draw` → `click: Draw`.
 */
export function symbolsAsWords(text: string): string {
  return text.replace(new RegExp(`(\\d*)${TOKENS.source}`, 'g'), (_, count: string, token: string, at: number) => {
    const label = ICONS.get(token)!.label
    const words = count ? `${count} ${label}${count === '1' ? '' : 's'}` : label
    // `[click][click]` → `click click`
    return /[\w\]]/.test(text[at - 1] ?? '') && !count ? ` ${words}` : words
  })
}
