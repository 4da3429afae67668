/**
 * The forms of a word the search index does not fold into one (issue 20).
 * Pagefind stems English (Porter2): "trashed", "trashes" and "trashing" all
 * find "trash". Two kinds of forms escape it, and a question typed with one
 * misses the rules written with the other:
 *
 *   - a doubled `z` before a suffix, which Porter2 never undoubles: "rezzed",
 *     "rezzing" and "rezzes" are one word to it, "rez" another ("when can
 *     ice be rezzed" missed "ice can only be rezzed…" rules saying "rez");
 *   - irregular verbs: "paid"/"pay", "took"/"take", "broken"/"break". Worse,
 *     a form the rules never use is matched as the start of another word
 *     ("ran" finds "random").
 *
 * `formsToSearch` says which forms stand for a query word: the word itself,
 * unless the rules never use it (a form Pagefind would only match as a
 * prefix), and its other forms the rules do use.
 */

/** Irregular verbs of the game's English: base form first, then its other forms. */
export const IRREGULAR_VERBS: readonly (readonly string[])[] = [
  ['pay', 'paid'],
  ['take', 'took', 'taken'],
  ['break', 'broke', 'broken'],
  ['choose', 'chose', 'chosen'],
  ['draw', 'drew', 'drawn'],
  ['spend', 'spent'],
  ['lose', 'lost'],
  ['win', 'won'],
  ['run', 'ran'],
  ['steal', 'stole', 'stolen'],
  ['give', 'gave', 'given'],
  ['begin', 'began', 'begun'],
  ['hold', 'held'],
  ['keep', 'kept'],
  ['deal', 'dealt'],
  ['hide', 'hid', 'hidden'],
  ['fall', 'fell', 'fallen'],
  ['bring', 'brought'],
  ['tell', 'told'],
  ['meet', 'met'],
  ['lead', 'led'],
  ['write', 'wrote', 'written'],
  ['undo', 'undid', 'undone'],
  ['become', 'became'],
  ['leave', 'left'],
  ['find', 'found'],
]

const irregular = new Map<string, readonly string[]>()
for (const forms of IRREGULAR_VERBS) for (const f of forms) irregular.set(f, forms)

/** "rezzed" → "rez", "derezzing" → "derez": the word before a doubled `z` and its suffix. */
const DOUBLED_Z = /^(.*[aeiouy]z)z(?:ed|ing|es|er|ers)$/

/**
 * The forms to search for `word`, first the one that stands for it: `known`
 * says whether the rules use a form. Every form returned is one the rules
 * use, or `word` itself when none is.
 */
export function formsToSearch(word: string, known: (form: string) => boolean): string[] {
  const forms = new Set<string>()
  const add = (f: string) => {
    if (known(f)) forms.add(f)
  }
  add(word)
  const z = DOUBLED_Z.exec(word)
  if (z) add(z[1]!)
  // "rez" → "rezzed": one of its doubled forms stands for them all (the index folds those together).
  else if (/[aeiouy]z$/.test(word)) {
    const doubled = ['zed', 'zing', 'zes'].map((suffix) => `${word}${suffix}`).find(known)
    if (doubled) forms.add(doubled)
  }
  for (const f of irregular.get(word) ?? []) add(f)
  return forms.size > 0 ? [...forms] : [word]
}
