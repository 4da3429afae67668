/**
 * The symbols of rule text: game icons (`[c]`, `[click]`, …), template
 * placeholders (`[player]`, `[N]`, …) and `[dash]`. One table drives the
 * parser (what may be written), the HTML (icon, label) and the plain text
 * (the token the published document prints).
 */

export type SymbolKind = 'icon' | 'placeholder' | 'character'

export interface SymbolInfo {
  /** Canonical name; icons use it in the CSS class `cr-sym-<name>`. */
  name: string
  /**
   * The exact spellings the source format accepts between `[` and `]`
   * (case-sensitive on purpose: `[Click]` is listed, `[CLICK]` is not).
   */
  aliases: string[]
  kind: SymbolKind
  /** Accessible label (`aria-label`) of an icon. */
  label: string
  /** Plain-text form, as the published document prints it. */
  token: string
  /** Icon path data (viewBox 0 0 24 24, filled, even-odd); icons only. */
  path?: string
}

const icon = (name: string, aliases: string[], label: string, token: string, path: string): SymbolInfo => ({
  name,
  aliases,
  kind: 'icon',
  label,
  token,
  path,
})

const placeholder = (name: string): SymbolInfo => ({
  name,
  aliases: [name],
  kind: 'placeholder',
  label: name,
  token: `[${name}]`,
})

// The paths are our own simple drawings, not the game's artwork.
export const SYMBOLS: readonly SymbolInfo[] = [
  // A coin: ring with a bar.
  icon('credit', ['c'], 'credit', '[credit]', 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm-1 3h2v8h-2z'),
  // A clock face with one hand.
  icon('click', ['click', 'Click'], 'click', '[click]', 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm-1 2h2v6h-2z'),
  // A circular arrow.
  icon('recurring', ['recurring'], 'recurring credit', '[recurring]', 'M12 3a9 9 0 1 0 9 9h-3a6 6 0 1 1-6-6v3l5-4.5L12 0z'),
  // A chip with pins.
  icon('mu', ['MU'], 'memory unit', '[mu]', 'M6 6h12v12H6zM8 2h2v3H8zm6 0h2v3h-2zM8 19h2v3H8zm6 0h2v3h-2z'),
  // Two chain links.
  icon('link', ['link'], 'link', '[link]', 'M2 8h9v8H2zm2 2v4h5v-4zm9-2h9v8h-9zm2 2v4h5v-4zm-4 1h2v2h-2z'),
  // A hooked arrow (↳).
  icon('subroutine', ['sub'], 'subroutine', '[subroutine]', 'M4 3h3v10h9V9l5 5.5-5 5.5v-4H4z'),
  // A bin.
  icon('trash', ['trash'], 'trash', '[trash]', 'M4 5h16v2H4zm5-3h6v2H9zM5 8h14l-1.5 14h-11z'),
  // A bin in a frame.
  icon('trash-cost', ['trashcost'], 'trash cost', '[trash-cost]', 'M2 2h20v20H2zm2 2v16h16V4zm3 2h10v2H7zm1 3h8l-1 9H9z'),
  // A lightning bolt.
  icon('interrupt', ['interrupt'], 'interrupt', '[interrupt]', 'M14 1 4 14h7l-2 9 11-13h-7z'),
  // Placeholders of the templates in chapter 9; printed as written.
  placeholder('cost'),
  placeholder('instructions'),
  placeholder('N'),
  placeholder('player'),
  placeholder('type'),
  placeholder('you/they'),
  placeholder('this card'),
  // The "no strength" dash of non-icebreaker programs: a figure dash, as published.
  { name: 'dash', aliases: ['dash'], kind: 'character', label: 'dash', token: '\u2012' },
]

const byAlias = new Map<string, SymbolInfo>(SYMBOLS.flatMap((s) => s.aliases.map((a) => [a, s] as const)))
const byName = new Map<string, SymbolInfo>(SYMBOLS.map((s) => [s.name, s]))

/** The symbol written as `[written]`, if the source format has it. */
export function findSymbol(written: string): SymbolInfo | undefined {
  return byAlias.get(written)
}

/** The symbol with this canonical name (what a `symbol` node holds). */
export function getSymbol(name: string): SymbolInfo | undefined {
  return byName.get(name)
}

/** Every accepted spelling, for messages and suggestions. */
export function listSymbolSpellings(): string[] {
  return SYMBOLS.flatMap((s) => s.aliases)
}
