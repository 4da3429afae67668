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
 * prefix), and its other forms the rules do use. `singular` (the
 * glossary's headings and players' words) and `baseForms` (the corrector's known
 * forms, a question's defined terms) read a word as the one it is a form of: one
 * home for the inflections every part of search and the glossary reads.
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

/**
 * A plural read as its singular: "credits" → "credit", "abilities" → "ability". A word of
 * three letters or fewer, or ending in `ss` ("access"), is left as it is.
 */
export function singular(word: string): string {
  if (word.length <= 3) return word
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`
  if (/[^s]s$/i.test(word)) return word.slice(0, -1)
  return word
}

/**
 * The words `word` may be an inflection of, by the regular English endings: "ties" → "tie",
 * "tries" → "try", "tied" → "tie", "running" → "run", "traces" → "trace". Short words too:
 * the stem rule below needs four letters, and "tie" has three.
 */
export function baseForms(word: string): string[] {
  const out: string[] = []
  const add = (base: string) => base.length >= 2 && base !== word && !out.includes(base) && out.push(base)
  const suffix = /^(.+?)(ies|ied|es|ed|ing|s)$/.exec(word)
  if (!suffix) return out
  const [, stem, ending] = suffix as unknown as [string, string, string]
  if (ending === 'ies' || ending === 'ied') add(`${stem}y`)
  if (ending === 'ies' || ending === 'ied') add(`${stem}ie`)
  if (ending === 's' && !stem.endsWith('s')) add(stem)
  if (ending === 'es') add(stem), add(`${stem}e`)
  if (ending === 'ed' || ending === 'ing') {
    add(stem)
    add(`${stem}e`)
    // A doubled last consonant: "running" → "run", "trapped" → "trap".
    if (/([^aeiou])\1$/.test(stem)) add(stem.slice(0, -1))
    // "tying" → "tie", "dying" → "die".
    if (ending === 'ing' && stem.endsWith('y')) add(`${stem.slice(0, -1)}ie`)
  }
  return out
}
