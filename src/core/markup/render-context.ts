/** What the renderers need to know about the document around one text. */
export interface RenderContext {
  /** Look up a (lowercase-first) ID; undefined if unknown (the raw ID is rendered then). */
  lookup(id: string): { number: string; word: 'rule' | 'section' | 'step' } | undefined
  /** Link target of a known ID, e.g. `(id) => '#' + id`. */
  hrefFor(id: string): string
  /** Where a card links (NetrunnerDB, the site's card page), given its name and, when resolved, its code. */
  cardHref?(name: string, code: string | undefined): string | undefined
  /** URL of `{img:name}`; defaults to the name itself. */
  imageSrc?(name: string): string
  /** Icons carry their text form, for copying and printing (`symbolIcon`); default: the icon alone. */
  copyableSymbols?: boolean
}
