/**
 * A chapter cannot take a page of the site (issue 24, case 9): `chpt_glossary`
 * vanished behind `/glossary/`, `cr check` said nothing and its permalinks
 * opened the glossary. Now `cr check` refuses it, and the list of reserved
 * names is checked against the routes the site has, so a new page cannot
 * silently take a chapter's name.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chapterSlug, RESERVED_PAGE_NAMES } from '../../src/core/page-names.ts'
import { routes, siteRoutes } from '../../site/shared/routes.ts'
import { runCr } from '../cli/run-cr.ts'

const repo = join(import.meta.dirname, '../..')
const tmp = mkdtempSync(join(tmpdir(), 'cr-page-names-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** The first segment of a path under `base`, when it could be a chapter's page name (no dot, no query). */
const firstSegment = (path: string, base: string) => {
  const rest = path.slice(base.length).split(/[/?#]/)[0]!
  return /^[a-z][a-z0-9-]*$/.test(rest) ? rest : undefined
}

describe('reserved page names', () => {
  it("every page the route builder makes, under a release and the site's own, is reserved", () => {
    for (const base of ['/', '/v24.03/']) {
      const r = routes(base)
      const made = [r.onePage(), r.glossary(), r.cards(), r.search(), r.search('x'), r.permalinkPath('6.1'), r.officialJson(), r.previews('runs'), r.pagefind('x'), r.lookup(), r.cardData()]
      for (const path of made) {
        const name = firstSegment(path, base)
        if (name) expect(RESERVED_PAGE_NAMES.has(name), `${path} (${name})`).toBe(true)
      }
    }
    for (const path of [siteRoutes.changes(), siteRoutes.coverage(), siteRoutes.retired('x')]) {
      const name = firstSegment(path, '/')
      if (name) expect(RESERVED_PAGE_NAMES.has(name), path).toBe(true)
    }
  })

  it('every folder of site/pages is a reserved name', () => {
    const names = [...readdirSync(join(repo, 'site/pages')), ...readdirSync(join(repo, 'site/pages/[...v]'))]
      .map((n) => n.replace(/\.(astro|ts)$/, ''))
      .filter((n) => /^[a-z][a-z0-9-]*$/.test(n) && n !== 'index')
    expect(names.length).toBeGreaterThan(5)
    for (const n of names) expect(RESERVED_PAGE_NAMES.has(n), n).toBe(true)
  })

  it('no chapter of rules/ or of any release takes one', () => {
    // What a new reserved name would break, said here rather than at the next release.
    for (const d of ['rules', ...readdirSync(join(repo, 'releases')).filter((v) => /^v\d/.test(v)).map((v) => `releases/${v}`)]) {
      for (const f of readdirSync(join(repo, d)).filter((n) => /^\d\d_.*\.yaml$/.test(n))) {
        const id = /^chapter: (\S+)/m.exec(readFileSync(join(repo, d, f), 'utf8'))?.[1]
        expect(id && RESERVED_PAGE_NAMES.has(chapterSlug(id)), `${d}/${f}`).toBe(false)
      }
    }
  })

  it.each(['chpt_glossary', 'chpt_search', 'chpt_cards', 'chpt_full', 'chpt_r', 'chpt_changes'])('cr check refuses %s where it is written', async (id) => {
    const dir = join(tmp, id, 'rules')
    mkdirSync(dir, { recursive: true })
    cpSync(join(repo, 'tests/fixtures/diagnostics/yaml-syntax/rules/release.yaml'), join(dir, 'release.yaml'))
    writeFileSync(join(dir, '01_x.yaml'), `# a comment first\nchapter: ${id}\ntext: X\nsections:\n- section: sec_x\n  text: X\n  rules:\n  - rule: rule_x\n    text: X.\n`)
    const r = await runCr(['check', dir], tmp)
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`01_x.yaml:2:10: error[chapter-page-reserved]: Unexpected chapter ID \`${id}\`: its page \`/${chapterSlug(id)}/\` is one of the site's own pages`)
  }, 600_000)
})
