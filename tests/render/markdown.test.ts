/**
 * `cr export markdown`: a file per section, every rule numbered and anchored
 * by its ID, every reference a relative link that lands (checked by parsing
 * the output with a Markdown parser, as a reader's tool would), rule text
 * escaped so it can never become Markdown or HTML syntax.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, normalize } from 'node:path'
import type { Link, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { afterAll, describe, expect, it } from 'vitest'
import { compile } from '../../src/core/compile.ts'
import { renderMarkdown } from '../../src/core/render/markdown.ts'
import { repoRoot, runCr } from '../cli/run-cr.ts'
import { compiledWithCards } from '../fidelity/compile-release.ts'

const tmp = mkdtempSync(join(tmpdir(), 'cr-md-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function links(tree: Root): Link[] {
  const out: Link[] = []
  const walk = (n: { type: string; children?: unknown[] }) => {
    if (n.type === 'link') out.push(n as Link)
    for (const c of (n.children ?? []) as { type: string }[]) walk(c)
  }
  walk(tree as never)
  return out
}

describe('the Markdown export of the CR', () => {
  const { model } = compiledWithCards('rules')
  const files = renderMarkdown(model!)

  it('writes the contents and one file per section, each entry with its number and an anchor named by its ID', () => {
    const sections = model!.entries.filter((e) => e.kind === 'section')
    expect(Object.keys(files).filter((f) => f !== 'README.md' && !f.endsWith('/README.md'))).toHaveLength(sections.length)
    const all = Object.values(files).join('\n')
    for (const e of model!.entries) expect(all, e.id).toContain(`<a id="${e.id}"></a>`)
    expect(files['06-runs/06.01-run-general.md']).toContain('<a id="rule_end_the_run"></a>**6.1.4.** To **end the run** is')
  })

  it('links every reference and contents entry to a file and anchor that exist', () => {
    let checked = 0
    for (const [file, text] of Object.entries(files)) {
      for (const link of links(fromMarkdown(text))) {
        if (/^https?:/.test(link.url)) continue
        const [path, id] = link.url.split('#') as [string, string]
        const target = path === '' ? file : normalize(join(dirname(file), path))
        expect(files[target], `${file} → ${link.url}`).toBeDefined()
        expect(files[target], `${file} → ${link.url}`).toContain(`<a id="${id}"></a>`)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(500)
  })
})

describe('rule text is data', () => {
  it('escapes what Markdown would read as syntax, and HTML', () => {
    const { model } = compile([
      { path: 'r/01_test.yaml', content: 'chapter: chpt_test\ntext: Test\nsections:\n- section: sec_test\n  text: Test\n  rules:\n  - rule: rule_a\n    text: "*not bold* [not](a link) <script>alert(1)</script> # no heading `code` {term:real}"\n' },
      { path: 'r/release.yaml', content: 'version: v26.09\neffective: "2026-09-01"\n' },
    ])
    const md = renderMarkdown(model!)['01-test/01.01-test.md']!
    const tree = fromMarkdown(md)
    const kinds = new Set<string>()
    const walk = (n: { type: string; children?: unknown[] }) => {
      kinds.add(n.type)
      for (const c of (n.children ?? []) as { type: string }[]) walk(c)
    }
    walk(tree as never)
    // Only our own anchors are HTML; the rule's "<script>" is text, its brackets and stars no syntax.
    const html: string[] = []
    const collect = (n: { type: string; value?: string; children?: unknown[] }) => {
      if (n.type === 'html') html.push(n.value!)
      for (const c of (n.children ?? []) as { type: string }[]) collect(c)
    }
    collect(tree as never)
    expect(html.filter((h) => !/^(<a id="[\w+.-]+">)?(<\/a>)?$/.test(h))).toEqual([])
    expect(md).toContain('<script>'.replace('<', '\\<'))
    expect(kinds.has('emphasis')).toBe(false)
    expect(kinds.has('inlineCode')).toBe(false)
    expect(links(tree)).toEqual([])
    expect(md).toContain('**real**')
  })
})

describe('cr export markdown', () => {
  it('writes an old release into a new folder, and refuses a folder it did not write', async () => {
    const out = join(tmp, 'v24')
    const r = await runCr(['export', 'markdown', '--version', 'v24.03', '--out', out])
    expect([r.code, r.stdout]).toEqual([0, ''])
    expect(r.stderr).toMatch(/wrote \d+ Markdown files/)
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toContain('v24.03')
    const foreign = join(tmp, 'foreign')
    writeFileSync(join(tmp, 'keep.txt'), 'x')
    const refused = await runCr(['export', 'markdown', '--out', tmp])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing')
    expect(existsSync(join(tmp, 'README.md'))).toBe(false)
    expect(existsSync(foreign)).toBe(false)
    expect((await runCr(['export', 'markdown'])).code).toBe(2)
  }, 600_000)
})
