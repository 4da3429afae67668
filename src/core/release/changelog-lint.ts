/**
 * Markup debris in a summary of changes: what must never reach a published
 * summary. Each row a check and its message; `cr release` warns with
 * `--check` and `--draft`, and refuses to freeze (`release-changelog-debris`).
 * No entry of the six held releases trips it (a test keeps it so).
 */
export interface Debris {
  /** Offset in the entry's text. */
  at: number
  message: string
}

const CHECKS: { find: RegExp; message: (m: RegExpExecArray) => string }[] = [
  { find: /`/, message: () => 'Unexpected backtick: the summary is printed as it is written, so it would show; write the words plainly or use `{ref:…}`' },
  { find: /(?<!\.)\.\.(?!\.)|[,;:]\.|\s+\.(?=\s|$)/, message: (m) => `Unexpected \`${m[0].trim() || m[0]}\`: a doubled or stray stop, expected one period` },
  { find: /\{\/?n\}/, message: () => 'Unexpected `{n}` mark in the summary: marks are for rules that changed, expected plain text' },
  { find: /\{term:/, message: () => 'Unexpected `{term:…}` in the summary: it would define the term a second time (in the glossary), expected the word plainly' },
  { find: /\b(TODO|FIXME|XXX|TBD)\b|\?\?\?/, message: (m) => `Unexpected placeholder \`${m[0]}\`, expected the entry written out` },
  { find: /[^.!?)"”'’]\s*$/, message: () => 'Unexpected end of entry without a period, expected a sentence' },
]

export function changelogDebris(text: string): Debris[] {
  const out: Debris[] = []
  for (const c of CHECKS) {
    const m = c.find.exec(text)
    if (m) out.push({ at: m.index, message: c.message(m) })
  }
  // Parentheses and quotes that do not close.
  const opens = (text.match(/\(/g) ?? []).length
  const closes = (text.match(/\)/g) ?? []).length
  if (opens !== closes) out.push({ at: text.indexOf(opens > closes ? '(' : ')'), message: `Unexpected unbalanced parenthesis (${opens} opened, ${closes} closed)` })
  if ((text.match(/"/g) ?? []).length % 2 === 1) out.push({ at: text.lastIndexOf('"'), message: 'Unexpected unbalanced double quote' })
  return out.sort((a, b) => a.at - b.at)
}
