/** One route builder per release (issue 19): every URL of a release from its base, never a prefix applied twice. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { baseOf, cardAnchor, fileOfSitePath, parsePermalink, PERMALINK_PATH, releaseOfPath, routes, ruleOfLink, siteRoutes, splitPath, termAnchor, versionOfBase } from '../../site/shared/routes.ts'

const ROOT = join(import.meta.dirname, '../..')

const chapterOf = (id: string) => ({ rule_end_the_run: 'runs', rule_breaching_servers: 'access-breach' })[id]

describe('routes(release)', () => {
  test.each([
    ['/', undefined],
    ['/v24.03/', 'v24.03'],
  ])('%s: every page and file under the base, once', (base, version) => {
    const at = routes({ base, chapterOf })
    expect(at.version).toBe(version)
    expect(at.home()).toBe(base)
    expect(at.rule('rule_breaching_servers')).toBe(`${base}access-breach/#rule_breaching_servers`)
    expect(at.chapter('runs')).toBe(`${base}runs/`)
    expect(at.onePage('rule_end_the_run')).toBe(`${base}full/#rule_end_the_run`)
    expect(at.glossary('trash cost')).toBe(`${base}glossary/#term-trash-cost`)
    expect(at.cards('Sneakdoor Beta')).toBe(`${base}cards/#card-sneakdoor-beta`)
    expect(at.search('jack out', '6. Runs')).toBe(`${base}search/?q=jack+out&chapter=6.+Runs`)
    expect(at.search()).toBe(`${base}search/`)
    expect(at.find('6.1.4')).toBe(`${base}?r=6.1.4`)
    expect(at.permalinkPath('6.1.4')).toBe(`${base}r/6.1.4/`)
    for (const url of [at.lookup(), at.searchVocab(), at.searchIds(), at.previews('runs'), at.cardData(), at.switchMap(), at.offlineList(), at.pagefind('pagefind.js'), at.officialJson(), at.pdf('x.pdf'), at.path('runs/')]) {
      expect(url.startsWith(base), url).toBe(true)
      expect(url.slice(base.length)).not.toMatch(/^\/|^v\d\d\.\d\d\//)
    }
  })

  test('a rule whose chapter is not known goes through the release’s own lookup', () => {
    expect(routes({ base: '/v24.03/', chapterOf }).rule('rule_nowhere')).toBe('/v24.03/?r=rule_nowhere')
    expect(routes('/').rule('rule_end_the_run')).toBe('/?r=rule_end_the_run')
  })

  test('the link to share: a permalink page on the current rules, the release’s lookup on a held one', () => {
    expect(routes('/').permalink('6.1.4')).toBe('/r/6.1.4/')
    expect(routes('/v24.03/').permalink('6.2.5')).toBe('/v24.03/?r=6.2.5')
  })

  test('a base that is not a release’s is refused, so no prefix can be doubled', () => {
    expect(() => routes('/v24.03/v24.03/')).toThrow(/Unexpected release base/)
    expect(() => routes('v24.03/')).toThrow(/Unexpected release base/)
  })

  test('the file a static host serves for a site path, escapes decoded', () => {
    expect(fileOfSitePath('/')).toBe('index.html')
    expect(fileOfSitePath('/v24.03/runs/')).toBe('v24.03/runs/index.html')
    expect(fileOfSitePath('/v24.03/lookup.json')).toBe('v24.03/lookup.json')
    expect(fileOfSitePath(routes('/').permalink('rule_54+'))).toBe('r/rule_54+/index.html')
    expect(() => fileOfSitePath('/r/%E0%A4%A/')).toThrow(URIError)
  })

  test('bases, versions and paths', () => {
    expect(baseOf('v24.03')).toBe('/v24.03/')
    expect(baseOf('current')).toBe('/')
    expect(baseOf()).toBe('/')
    expect(versionOfBase('/v24.03/')).toBe('v24.03')
    expect(versionOfBase('/')).toBeUndefined()
    expect(releaseOfPath('/v24.03/runs/')).toEqual({ base: '/v24.03/', rest: 'runs/' })
    expect(releaseOfPath('/runs/')).toEqual({ base: '/', rest: 'runs/' })
    expect(splitPath('/v24.03/full/', ['/', '/v24.03/'])).toEqual({ base: '/v24.03/', rest: 'full/' })
    expect(splitPath('/v99.01/full/', ['/', '/v24.03/'])).toEqual({ base: '/', rest: 'v99.01/full/' })
    expect(parsePermalink('/v24.03/r/6.2.5/')).toEqual({ base: '/v24.03/', key: '6.2.5' })
    expect(parsePermalink('/r/rule_end_the_run')).toEqual({ base: '/', key: 'rule_end_the_run' })
    expect(parsePermalink('/runs/')).toBeUndefined()
    // Forgiving: any case, no final slash, a space typed in the key; the lookup folds the rest.
    expect(parsePermalink('/R/RULE_END_THE_RUN')).toEqual({ base: '/', key: 'RULE_END_THE_RUN' })
    expect(parsePermalink('/V24.03/r/6.2.5')).toEqual({ base: '/v24.03/', key: '6.2.5' })
    expect(parsePermalink('/r/6.1.4%20a/')).toEqual({ base: '/', key: '6.1.4 a' })
    expect(parsePermalink('/r/%20/')).toBeUndefined()
    expect(parsePermalink('/r/6.1.4/extra/')).toBeUndefined()
    expect(siteRoutes.changes('v26.03', 'rule_x')).toBe('/changes/v26.03/#rule_x')
    expect(siteRoutes.retired('rule_old')).toBe('/r/rule_old/')
    expect(termAnchor('Bad Publicity')).toBe('term-bad-publicity')
    expect(cardAnchor('Mumbad Virtual Tour')).toBe('card-mumbad-virtual-tour')
    expect(cardAnchor('Ampère: Cybernetics For Anyone')).toBe('card-ampere-cybernetics-for-anyone')
  })

  test('imports nothing: the build and the browser load the same module', () => {
    const source = readFileSync(join(ROOT, 'site/shared/routes.ts'), 'utf8')
    expect([...source.matchAll(/^import\b.*$/gm)].map((m) => m[0])).toEqual([])
  })
})

describe('the service worker reads permalinks as the site does', () => {
  test('its offline pattern is PERMALINK_PATH (it imports nothing, so it carries a copy)', () => {
    const source = readFileSync(join(ROOT, 'site/scripts/sw.ts'), 'utf8')
    const literals = [...source.matchAll(/const permalink = (\/.+\/[a-z]*)\.exec\(/g)].map((m) => m[1])
    expect(literals).toEqual([String(PERMALINK_PATH)])
  })
})

describe('a rule link names its rule by its URL alone (no data-ref)', () => {
  test.each([
    ['/runs/#rule_end_the_run', 'rule_end_the_run'],
    ['#sec_steps_of_a_run', 'sec_steps_of_a_run'],
    ['http://127.0.0.1:4000/v24.03/runs/#rule_move_runner_to_position', 'rule_move_runner_to_position'],
    ['/runs/?from=6.2.5#rule_position_runner', 'rule_position_runner'],
    // A rule whose chapter the page did not know goes through the release's lookup.
    ['/v24.03/?r=rule_x', 'rule_x'],
    [routes({ base: '/v24.03/' }).rule('rule_unknown_here'), 'rule_unknown_here'],
  ])('%s → %s', (href, id) => {
    expect(ruleOfLink(href)).toBe(id)
  })

  test.each(['/runs/', '/glossary/#', 'https://netrunnerdb.com/en/card/01050'])('%s names no rule', (href) => {
    expect(ruleOfLink(href)).toBeUndefined()
  })

  test('every rule route of a release reads back as its rule', () => {
    for (const base of ['/', '/v24.03/']) {
      const at = routes({ base, chapterOf })
      for (const id of ['rule_end_the_run', 'rule_breaching_servers', 'rule_not_in_this_release']) {
        expect(ruleOfLink(at.rule(id))).toBe(id)
        expect(ruleOfLink(at.rule(id, '6.2.5'))).toBe(id)
        expect(ruleOfLink(at.onePage(id))).toBe(id)
      }
    }
  })
})
