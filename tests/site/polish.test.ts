/**
 * What a reader notices, checked on every built page of every release:
 * words run together ("2026-03-02.All rules", "Mentioned in9.6.14d"),
 * "1 entries", symbols shown as "[credit]"; the glossary's terms; a phase's
 * preview; History only on rules that changed.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'parse5'
import { beforeAll, describe, expect, test } from 'vitest'
import { BUILD_TIMEOUT, DIST, ensureSite } from './helpers.ts'
import { listFiles } from './link-check.ts'
import { pageBlocks, TEXT_FAULTS } from './page-text.ts'

const read = (path: string) => readFileSync(join(DIST, path), 'utf8')
const count = (html: string, re: RegExp) => html.match(re)?.length ?? 0

describe('polish', () => {
  let pages: string[]
  beforeAll(async () => {
    await ensureSite()
    pages = listFiles(DIST).filter((f) => f.endsWith('.html'))
  }, BUILD_TIMEOUT)

  test('no page runs words together, says "1 entries" or shows a symbol as its token', () => {
    expect(pages.length).toBeGreaterThan(3000)
    const faults: string[] = []
    for (const path of pages) {
      for (const { text, tag } of pageBlocks(read(path))) {
        for (const { name, pattern } of TEXT_FAULTS) {
          const m = pattern.exec(text)
          if (m) faults.push(`${path} <${tag}> ${name}: "…${text.slice(Math.max(0, m.index - 30), m.index + 30)}…"`)
        }
      }
    }
    expect(faults.slice(0, 20)).toEqual([])
  })

  test('the checker finds the faults it is for', () => {
    const found = (html: string) => pageBlocks(html).flatMap(({ text }) => TEXT_FAULTS.filter((f) => f.pattern.test(text)).map((f) => f.name))
    expect(found('<p>effective 2026-03-02.<a href="/full/">All rules</a></p>')).toEqual(['no space after a full stop'])
    expect(found('<p>Mentioned in<a>9.6.14d</a></p>')).toEqual(['word run into a number'])
    expect(found('<p>1 entries changed</p>')).toEqual(['a plural after one'])
    expect(found('<p class="wd">gain 4[credit]</p>')).toEqual(['a game symbol as its text token'])
    expect(found('<p>See rule 6.1.4. Then <a>6.2</a>, v26.03 and netrunnerdb.com. Gain 4<svg></svg>.</p><p>Next.</p>')).toEqual([])
  })

  test('glossary terms are trimmed, and a term defined twice says where', () => {
    for (const base of ['/', '/v24.03/']) {
      const terms = pageBlocks(read(`${base}glossary/index.html`)).filter((b) => b.tag === 'dt').map((b) => b.text)
      expect(terms.length).toBeGreaterThan(100)
      const html = read(`${base}glossary/index.html`)
      expect(html).not.toMatch(/<dt><a [^>]*>\s/)
      const seen = new Set<string>()
      const dupes = terms.filter((t) => (seen.has(t) ? true : (seen.add(t), false)))
      expect(dupes).toEqual([])
    }
    const action = pageBlocks(read('/glossary/index.html')).filter((b) => b.tag === 'dt' && /^action \(/.test(b.text))
    expect(action.length).toBe(2)
  })

  test('a phase previews with its steps ("step 6.9.6")', () => {
    const lookup = JSON.parse(read('/lookup.json')) as { r: [string, string, number][] }
    const [id] = lookup.r.find(([, n]) => n === '6.9.6')!
    const previews = JSON.parse(read('/previews/runs.json')) as Record<string, [string, string, [string, string][]]>
    const [number, title, body] = previews[id]!
    expect(number).toBe('6.9.6')
    expect(title).toContain('Run Ends Phase')
    expect(body.length).toBeGreaterThan(2)
    expect(body.every(([n]) => n.startsWith('6.9.6'))).toBe(true)
  })

  test('History shows where a rule changed; the chapter says the rest are as they were', () => {
    const runs = read('/runs/index.html')
    const rules = count(runs, /<li id="[^"]+" class="r /g)
    const histories = count(runs, /<details class="hist">/g)
    expect(histories).toBeGreaterThan(0)
    expect(histories).toBeLessThan(rules / 2)
    const note = pageBlocks(runs).find((b) => b.text.includes('show their History') || b.text.includes('shows its History'))?.text
    const m = /^(\d+) of (\d+) entries (?:have|has) changed since (v\d\d\.\d\d)/.exec(note ?? '')
    expect(m, note).not.toBeNull()
    expect(Number(m![1])).toBe(histories)
    expect(Number(m![2])).toBe(rules)
    // The one-page rules and old releases carry none.
    expect(read('/full/index.html')).not.toContain('class="hist')
  })

  test('word diffs draw symbols as the rules do', () => {
    const changes = pages.filter((p) => p.startsWith('/changes/'))
    const drawn = changes.reduce((n, p) => n + count(read(p), /<(?:ins|del)><span class="sr-only">(?:added|removed): <\/span>[^<]*<span class="cr-sym-c"><svg class="cr-sym/g) + count(read(p), /<p class="wd">[^]*?<svg class="cr-sym/g), 0)
    expect(drawn).toBeGreaterThan(0)
  })

  test('replaced words are set apart from their replacement', () => {
    const html = read('/changes/v26.03/index.html')
    // "type,<del>…</del><ins>printed</ins>" read "type,printed": a word's end, then a new word's start.
    expect(html).not.toMatch(/[^\s>]<\/del><ins><span class="sr-only">added: <\/span>[^\s<]/)
  })
})
