/**
 * Linear everywhere (issue 11): suggestions and excerpts are indexed, and
 * the indexes give the answers the plain computation gives. (Their speed is
 * measured by `npm run bench`, scripts/bench/diagnostics.ts, never here.)
 */
import fc from 'fast-check'
import { distance } from 'fastest-levenshtein'
import { describe, expect, it } from 'vitest'
import { createSuggester, suggestClosest } from '../../src/core/ids.ts'
import { formatDiagnostic } from '../../src/core/diagnostics.ts'

/** The definition, written plainly (what suggest.ts did before it was indexed). */
function reference(wanted: string, candidates: string[], limit = 3): string[] {
  const w = wanted.toLowerCase()
  const max = Math.max(2, Math.floor(w.length * 0.4))
  const scored: { c: string; d: number }[] = []
  for (const c of candidates) {
    const lc = c.toLowerCase()
    const d = lc.includes(w) || w.includes(lc) ? Math.abs(lc.length - w.length) * 0.1 : distance(w, lc)
    if (d <= max) scored.push({ c, d })
  }
  scored.sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0))
  return scored.slice(0, limit).map((s) => s.c)
}

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'r', 'u', 'l', 'e', '1'), maxLength: 14 })

describe('suggestions', () => {
  it('give exactly the plain answers up to 4,000 candidates (length window, cache)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), fc.array(word, { maxLength: 5 }), (candidates, queries) => {
        const s = createSuggester(candidates)
        for (const q of [...queries, ...queries]) expect(s(q)).toEqual(reference(q, candidates))
      }),
      { numRuns: 300 },
    )
  })

  it('a reused collection is indexed once, and a different one is not confused with it', () => {
    const a = ['rule_end_the_run', 'rule_jack_out']
    const b = ['rule_flatline']
    expect(suggestClosest('rule_end_teh_run', a)).toEqual(['rule_end_the_run'])
    expect(suggestClosest('rule_flatlin', b)).toEqual(['rule_flatline'])
    expect(suggestClosest('rule_end_teh_run', new Map(a.map((x) => [x, 1])).keys())).toEqual(['rule_end_the_run'])
  })

  it('above 4,000 candidates, still find typos and near numbers', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => `rule_generated_${i}_${(i * 7919) % 10007}`)
    ids.push('rule_end_the_run', 'rule_jacking_out')
    const s = createSuggester(ids)
    expect(s('rule_end_teh_run')[0]).toBe('rule_end_the_run')
    expect(s('rule_jackng_out')[0]).toBe('rule_jacking_out')
    expect(s('rule_generated_123_4567').length).toBeGreaterThan(0)
  })
})

describe('excerpts from a line index', () => {
  it('show the line and caret the plain split shows, for LF and CRLF', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', ' ', 'é', '😀', '\t'), maxLength: 30 }), { minLength: 1, maxLength: 20 }), fc.boolean(), fc.nat(), fc.nat(), (lines, crlf, l, c) => {
        const text = lines.join(crlf ? '\r\n' : '\n')
        const line = (l % lines.length) + 1
        const column = (c % (lines[line - 1]!.length + 1)) + 1
        const out = formatDiagnostic({ code: 'x', severity: 'error', file: 'f', line, column, message: 'm' }, () => text)
        expect(out.split('\n')[2]).toBe(`${line} | ${shown(lines[line - 1]!, column)}`)
      }),
      { numRuns: 200 },
    )
  })
})

/** The window the formatter shows of a long line (100 columns around the caret). */
function shown(raw: string, column: number): string {
  if (raw.length <= 100) return raw
  const start = Math.max(0, Math.min(column - 1 - 50, raw.length - 100))
  return (start > 0 ? '…' : '') + raw.slice(start, start + 100) + (start + 100 < raw.length ? '…' : '')
}

describe('no spread of unbounded arrays', () => {
  it('cr check --json with 150,000 unknown keys: every one reported, no stack overflow', async () => {
    const { compile } = await import('../../src/core/compile.ts')
    const lines = ['chapter: chpt_k', 'text: K', 'sections:', '- section: sec_k', '  text: S', '  rules:', '  - rule: rule_k', '    text: T']
    for (let i = 0; i < 150_000; i++) lines.push(`    key_${i}: x`)
    const { messages } = compile([
      { path: 'rules/01_k.yaml', content: `${lines.join('\n')}\n` },
      { path: 'rules/release.yaml', content: 'version: v99.01\neffective: "2099-01-01"\n' },
    ])
    expect(messages.filter((m) => m.code === 'schema-unknown-key')).toHaveLength(150_000)
    expect(JSON.parse(JSON.stringify({ messages })).messages[149_999].line).toBe(150_008)
  }, 600_000)
})
