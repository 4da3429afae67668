/**
 * Sentences the tools write about rules ("renamed from `rule_x` in v25.04",
 * "6.1.4a in v26.03 (`rule_x`) is 6.1.5a now") as data: words and IDs apart,
 * so each output sets an ID its own way — backticks on the CLI, `<code>` on
 * the site, a DOM node in the browser — and nothing splits a printed
 * sentence back into its parts. Pure and dependency-free (the package's
 * runtime bundles it).
 */

export interface PhrasePart {
  text: string
  /** An identifier (a rule ID): printed as code. */
  code?: true
}

export type Phrase = PhrasePart[]

/** Words. */
export const words = (text: string): PhrasePart => ({ text })

/** An identifier. */
export const code = (text: string): PhrasePart => ({ text, code: true })

/** Parts in order, adjacent words merged and empty words dropped (so two phrases saying the same are equal). */
export function phrase(...parts: (PhrasePart | string | readonly PhrasePart[])[]): Phrase {
  const out: Phrase = []
  const push = (p: PhrasePart) => {
    if (p.text === '') return
    const last = out[out.length - 1]
    if (!p.code && last && !last.code) out[out.length - 1] = { text: last.text + p.text }
    else out.push(p.code ? { text: p.text, code: true } : { text: p.text })
  }
  for (const p of parts) {
    if (typeof p === 'string') push(words(p))
    else if (Array.isArray(p)) for (const q of p as readonly PhrasePart[]) push(q)
    else push(p as PhrasePart)
  }
  return out
}

/** `a`, `a and b`, `a, b and c`. */
export function andPhrase(items: readonly (readonly PhrasePart[])[]): Phrase {
  const out: (PhrasePart | string | readonly PhrasePart[])[] = []
  items.forEach((item, i) => {
    if (i > 0) out.push(i === items.length - 1 ? ' and ' : ', ')
    out.push(item)
  })
  return phrase(...out)
}

/** Phrases joined by a separator (`, `, `; `). */
export function joinPhrases(items: readonly (readonly PhrasePart[])[], separator: string): Phrase {
  const out: (PhrasePart | string | readonly PhrasePart[])[] = []
  items.forEach((item, i) => {
    if (i > 0) out.push(separator)
    out.push(item)
  })
  return phrase(...out)
}

/** As the CLI and Markdown print it: identifiers in backticks. */
export function phraseText(p: readonly PhrasePart[]): string {
  return p.map((x) => (x.code ? `\`${x.text}\`` : x.text)).join('')
}

/** The words alone (identifiers as they are): for titles and search text. */
export function phrasePlain(p: readonly PhrasePart[]): string {
  return p.map((x) => x.text).join('')
}

const CLOSING_PERIOD = /(?<!\.)\.(["'”’]*)$/

/**
 * A sentence said as a clause of a longer one: without its closing period (a
 * reason quoted from retired.yaml ends in one), so `;`, `:`, `,` or more
 * words can follow — never `.;` or `.:`. An ellipsis stays.
 */
export function clause<P extends { text: string; code?: boolean }>(p: readonly P[]): P[] {
  const last = p[p.length - 1]
  if (last === undefined || last.code || !CLOSING_PERIOD.test(last.text)) return [...p]
  const text = clauseText(last.text)
  return text === '' ? p.slice(0, -1) : [...p.slice(0, -1), { ...last, text }]
}

/** `clause` for a printed string. */
export function clauseText(text: string): string {
  return text.replace(CLOSING_PERIOD, '$1')
}

/**
 * Clauses joined by a separator (`; `, `: `, `, `): each but the last
 * without its closing period, so no `.;` or `.:` where a sentence that may
 * end in one (a reason, a meaning with its reason) is followed by another.
 */
export function joinClauses(clauses: readonly string[], separator: string): string {
  return clauses.map((c, i) => (i < clauses.length - 1 ? clauseText(c) : c)).join(separator)
}

/**
 * A phrase closed as a sentence: a period, unless it already ends in one (a
 * reason quoted from the rules often does: `…(see rule_x).` must not get `..`).
 */
export function sentence<P extends { text: string; code?: boolean }>(p: readonly P[]): (P | PhrasePart)[] {
  const last = p[p.length - 1]
  if (last !== undefined && !last.code && /[.!?]["'”’]*$/.test(last.text)) return [...p]
  return last !== undefined && !last.code ? [...p.slice(0, -1), { ...last, text: `${last.text}.` }] : [...p, words('.')]
}
