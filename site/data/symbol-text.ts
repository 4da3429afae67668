/**
 * A word diff's text with the game symbols the model marked in it (`WordPart.symbols`:
 * where each token starts and the symbol's name), cut so pages draw the icons
 * the rules show. Nothing here looks for tokens in the text: the offsets are data.
 */
import { toHtml } from 'hast-util-to-html'
import { symbolIcon } from '../../src/core/markup/symbol-icon.ts'
import { SYMBOLS, type SymbolInfo } from '../../src/core/markup/symbols.ts'

const ICONS = new Map(SYMBOLS.filter((s) => s.kind === 'icon' && s.path).map((s) => [s.name, s]))

/** `gain 4[credit].` with `[{ at: 6, name: 'credit' }]` → `['gain 4', <credit>, '.']`; symbols without an icon stay text. */
export function symbolPieces(text: string, symbols: readonly { at: number; name: string }[] = []): (string | SymbolInfo)[] {
  const out: (string | SymbolInfo)[] = []
  let from = 0
  for (const s of [...symbols].sort((a, b) => a.at - b.at)) {
    const icon = ICONS.get(s.name)
    if (!icon || s.at < from || !text.startsWith(icon.token, s.at)) continue
    if (s.at > from) out.push(text.slice(from, s.at))
    out.push(icon)
    from = s.at + icon.token.length
  }
  if (from < text.length) out.push(text.slice(from))
  return out
}

const html = new Map<string, string>()

/** The icon as rule text draws it (`symbolIcon`, copied as its token), as HTML: nothing in it comes from the text. */
export function symbolIconHtml(symbol: SymbolInfo): string {
  let out = html.get(symbol.name)
  if (out === undefined) html.set(symbol.name, (out = toHtml(symbolIcon(symbol, { copyable: true }))))
  return out
}
