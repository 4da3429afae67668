/** Search: words find the defining rule, numbers and IDs go straight to the rule, `/search/?q=` works as a URL. */
import { siteUrl } from '../../site/integration/site-url.ts'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, test } from 'vitest'
import { DIST, hasChromium, newPage, useSite } from './helpers.ts'
import type { SearchIdsJson } from '../../site/shared/pagefind-chunks.ts'

describe.skipIf(!hasChromium)('search', () => {
  const site = useSite()

  /** Type into the header's search box and wait for that query's results. */
  async function search(query: string, path = '/runs/') {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}${path}`)
    await page.fill('#q', query)
    await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, query)
    const hrefs = await page.$$eval('#q ~ .search-panel .search-results a', (as) => as.map((a) => a.getAttribute('href') ?? ''))
    return { page, context, hrefs }
  }

  /**
   * One query's results in the header's box of one page kept for the file, the box emptied
   * first (which empties the list: no row of the last query is kept), as a reader searching
   * again does. For the tests that only read what a query finds; a page of its own costs a
   * load and Pagefind's start each time, which the cold-start tests below check as such.
   */
  let reader: Awaited<ReturnType<typeof newPage>> | undefined
  afterAll(() => reader?.context.close())
  async function results(query: string) {
    reader ??= await newPage(site)
    const { page, errors } = reader
    if (!page.url().startsWith(`${site.url}/runs/`)) await page.goto(`${site.url}/runs/`)
    const list = '#q ~ .search-panel .search-results'
    await page.fill('#q', '')
    await page.waitForFunction((list) => (document.querySelector<HTMLElement>(list)?.dataset.done ?? '') === '', list)
    await page.fill('#q', query)
    await page.waitForFunction(([list, q]) => document.querySelector<HTMLElement>(list!)?.dataset.done === q, [list, query])
    const hrefs = await page.$$eval(`${list} a`, (as) => as.map((a) => a.getAttribute('href') ?? ''))
    expect(errors).toEqual([])
    return { page, hrefs }
  }

  describe('by words the rules define', () => {
    test.each([
      ['jack out', 'rule_jacking_out'],
      ['bad publicity', 'rule_bad_publicity'],
      ['recurring credits', 'rule_recurring_credits'],
      ['end the run', 'rule_end_the_run'],
      ['checkpoint', 'rule_checkpoints'],
    ])('"%s" puts %s in the top 3', async (query, id) => {
      const { hrefs } = await results(query)
      expect(hrefs.slice(0, 3).some((h) => h.endsWith(`#${id}`)), hrefs.join('\n')).toBe(true)
    })

    test('the defining rule comes first', async () => {
      const { hrefs } = await results('bad publicity')
      expect(hrefs[0]).toBe('/additional-rules/#rule_bad_publicity')
    })

    test('a card name finds the rules that mention it', async () => {
      const { hrefs } = await results('Sneakdoor Beta')
      expect(hrefs[0]).toBe('/runs/#rule_change_attacked_server_directly')
    })

    test('a quoted phrase matches the phrase', async () => {
      const { page, hrefs } = await results('"fully broken"')
      expect(hrefs.length).toBeGreaterThan(0)
      const texts = await page.$$eval('#q ~ .search-panel .hit-x', (els) => els.map((e) => e.textContent?.toLowerCase() ?? ''))
      for (const t of texts) expect(t).toContain('fully broken')
    })

    test('a result shows the number, chapter and section, and highlights the match', async () => {
      const { page } = await results('jack out')
      const first = page.locator('#q ~ .search-panel .hit').first()
      await expect(first.locator('.hit-n').textContent()).resolves.toBe('6.1.5')
      await expect(first.locator('.hit-where').textContent()).resolves.toBe('6. Runs › 6.1. General')
      expect(await first.locator('.hit-x mark').count()).toBeGreaterThan(0)
    })

    test('the chapter filter keeps results to one chapter', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/`)
      await page.selectOption('#q ~ select', '10. Additional Rules')
      await page.fill('#q', 'credits')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'credits')
      const hrefs = await page.$$eval('#q ~ .search-panel .search-results a', (as) => as.map((a) => a.getAttribute('href') ?? ''))
      expect(hrefs.length).toBeGreaterThan(0)
      for (const h of hrefs) expect(h).toMatch(/^\/additional-rules\//)
      await context.close()
    })
  })

  describe('by number or ID', () => {
    test.each([
      ['6.1.4', '/runs/#rule_end_the_run'],
      ['6.1.4a', '/runs/#rule_end_run_access_or_breach_during_run'],
      ['CR 6.1.4', '/runs/#rule_end_the_run'],
      ['6.9', '/runs/#sec_steps_of_a_run'],
      ['rule_end_the_run', '/runs/#rule_end_the_run'],
    ])('typing "%s" and Enter lands on %s', async (query, target) => {
      const { page, context, hrefs } = await search(query, '/')
      // One answer, no list of guesses: `6.1.4` is not `61.4`.
      expect(hrefs).toEqual([target])
      await Promise.all([page.waitForURL(`**${target}`), page.press('#q', 'Enter')])
      expect(new URL(page.url()).hash).toBe(target.slice(target.indexOf('#')))
      await expect(page.locator(':target').getAttribute('id')).resolves.toBe(target.split('#')[1])
      await context.close()
    })

    test('a number that does not exist says so, with the numbers it may be a typo of', async () => {
      const { page } = await results('6.1.44')
      await expect(page.locator('#q ~ .search-panel .none').textContent()).resolves.toContain('No rule numbered 6.1.44')
      const offers = page.locator('#q ~ .search-panel .none .search-offers a')
      await expect(offers.allTextContents()).resolves.toEqual(['6.1.4 (rule_end_the_run)', '6.1.4a (rule_end_run_access_or_breach_during_run)', '6.1.4b (rule_end_encounter_outside_run)'])
      await expect(offers.first().getAttribute('href')).resolves.toBe('/runs/#rule_end_the_run')
    })
  })

  describe('as people type: questions, typos, jargon (issue 12)', () => {
    test('a question finds the rule answering it instead of nothing', async () => {
      const { hrefs } = await results('can the corp rez an upgrade during a run')
      expect(hrefs.slice(0, 3), hrefs.join('\n')).toContain('/card-types/#rule_upgrade_rez_cost')
    })

    test('a typo is corrected, said so, and the query as typed is one click away', async () => {
      const { page, context, hrefs } = await search('jak otu')
      expect(hrefs[0]).toBe('/runs/#rule_jacking_out')
      const note = page.locator('#q ~ .search-panel .search-note')
      await expect(note.textContent()).resolves.toBe('Showing results for jack out. Search instead for jak otu')
      await note.locator('a').click()
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-note')?.textContent === '')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'jak otu')
      await expect(page.locator('#q ~ .search-panel .search-results a.hit').count()).resolves.toBe(0)
      await context.close()
    })

    test('jargon is searched in the CR’s words, its definition first', async () => {
      const { page, hrefs } = await results('ETR')
      expect(hrefs[0]).toBe('/runs/#rule_end_the_run')
      await expect(page.locator('#q ~ .search-panel .search-note').textContent()).resolves.toContain('Searching for end the run (ETR: end the run)')
    })

    test('while Pagefind is still starting, a defined term shows its definition, and it stays first; a question waits for its ranked list', async () => {
      const { page, context, errors } = await newPage(site)
      // Hold Pagefind's code back, as a slow phone would, until the first results are checked.
      let release!: () => void
      const held = new Promise<void>((ok) => (release = ok))
      await page.route('**/pagefind/pagefind.js', async (route) => {
        await held
        await route.continue()
      })
      const list = '#q ~ .search-panel .search-results'
      await page.goto(`${site.url}/runs/`)
      await page.fill('#q', 'jacking out')
      await page.waitForFunction(([sel]) => document.querySelector<HTMLElement>(sel!)?.dataset.q === 'jacking out', [list])
      const interim = await page.$eval(list, (l) => ({ ranked: l.dataset.ranked, hrefs: Array.from(l.querySelectorAll('a.hit'), (a) => a.getAttribute('href')) }))
      expect(interim.ranked).toBeUndefined()
      expect(interim.hrefs[0]).toBe('/runs/#rule_jacking_out')
      release()
      await page.waitForFunction(([sel]) => document.querySelector<HTMLElement>(sel!)?.dataset.done === 'jacking out', [list])
      await expect(page.$eval(`${list} a.hit`, (a) => a.getAttribute('href'))).resolves.toBe('/runs/#rule_jacking_out')
      // A question: no guesses first; its ranked list answers it.
      const q = 'what happens when the host is trashed'
      await page.fill('#q', q)
      await page.waitForFunction(([sel, q]) => document.querySelector<HTMLElement>(sel!)?.dataset.done === q, [list, q])
      const hrefs = await page.$$eval(`${list} a.hit`, (as) => as.map((a) => a.getAttribute('href') ?? ''))
      expect(hrefs.slice(0, 5).some((h) => h.endsWith('#rule_trash_hosted_objects_when_host_trashed')), hrefs.join('\n')).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })

    test('Enter on a question opens the results to choose from; on a term, the rule', { timeout: 600_000 }, async () => {
      // Each query's results are showing before Enter (before the search code loads, Enter is the form's own submit).
      const q = 'does the runner lose if they take net damage with no cards in grip'
      const { page, context } = await search(q)
      await Promise.all([page.waitForURL('**/search/?q=*'), page.press('#q', 'Enter')])
      expect(new URL(page.url()).searchParams.get('q')).toBe(q)
      await page.waitForFunction((q) => document.querySelector<HTMLElement>('[data-search-page] .search-results')?.dataset.done === q, q)
      await context.close()
      const term = await search('jacking out')
      await Promise.all([term.page.waitForURL('**/runs/#rule_jacking_out'), term.page.press('#q', 'Enter')])
      await term.context.close()
    })

    test('a citation naming its release opens the rule in that release', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      await page.fill('#q', 'CR 24.03 §6.2.5')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'CR 24.03 §6.2.5')
      const href = await page.getAttribute('#q ~ .search-panel .search-results a.hit', 'href')
      // v24.03's 6.2.5, told on landing that 6.2.5 is another rule today (number-landing.test.ts).
      expect(href).toBe('/v24.03/runs/?from=6.2.5#rule_move_runner_to_position')
      await context.close()
    })

    test('a card name finds only the rules that mention the card, the top one showing where', async () => {
      const { page, hrefs } = await results('Hedge Fund')
      expect(hrefs.slice().sort()).toEqual(['/card-manipulation/#rule_playing_one_at_a_time', '/turns/#rule_defferent_actions'])
      await page.waitForFunction(() => (document.querySelector('#q ~ .search-panel .hit-top .hit-x')?.textContent ?? '').includes('Hedge Fund'))
    })

    test('game symbols in the top result’s text read as symbols, not as gaps', async () => {
      const { page } = await results('1.3.2')
      await page.waitForFunction(() => (document.querySelector('#q ~ .search-panel .hit-x')?.textContent ?? '').length > 0)
      expect(await page.textContent('#q ~ .search-panel .hit-x')).toContain('1[credit]')
    })

    test('a card name, misspelt, finds the rules mentioning the card', async () => {
      const { hrefs } = await results('Hegde Fund')
      expect(hrefs.slice(0, 2).sort()).toEqual(['/card-manipulation/#rule_playing_one_at_a_time', '/turns/#rule_defferent_actions'])
    })
  })

  describe('results people can use (issue 12)', () => {
    test('a number shows the rule’s number and text, not its ID', async () => {
      const { page } = await results('6.1.4')
      const hit = page.locator('#q ~ .search-panel .hit').first()
      await page.waitForFunction(() => (document.querySelector('#q ~ .search-panel .hit-x')?.textContent ?? '').length > 0)
      await expect(hit.locator('.hit-n').textContent()).resolves.toBe('6.1.4')
      await expect(hit.locator('.hit-where').textContent()).resolves.toBe('6. Runs › 6.1. General')
      const text = await hit.locator('.hit-x').textContent()
      expect(text).toMatch(/^To end the run is to halt the Runner/)
      expect(await hit.textContent()).not.toContain('rule_end_the_run')
    })

    test('the top result’s text is there to read, the query marked', async () => {
      const { page } = await results('jack out')
      await page.waitForFunction(() => document.querySelector('#q ~ .search-panel .hit-top .hit-x')?.textContent?.includes('voluntarily ends a run'))
      const top = page.locator('#q ~ .search-panel .hit-top .hit-x')
      await expect(top.textContent()).resolves.toMatch(/^Jacking out is the process by which a Runner voluntarily ends a run\./)
      await expect(top.locator('mark').first().textContent()).resolves.toBe('Jacking')
    })

    test('the dropdown says how many rules match and links to all of them', async () => {
      const { page } = await results('run')
      const count = page.locator('#q ~ .search-panel .search-count')
      await expect(count.isVisible()).resolves.toBe(true)
      const text = (await count.textContent()) ?? ''
      const total = Number(/^8 of (\d+) rules/.exec(text)?.[1])
      expect(total, text).toBeGreaterThan(100)
      await expect(count.locator('a').getAttribute('href')).resolves.toBe('/search/?q=run')
    })

    test('the search page shows 40, then all of them', { timeout: 600_000 }, async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/search/?q=run`)
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-search-page] .search-results')?.dataset.done === 'run')
      const hits = page.locator('[data-search-page] .search-results a.hit')
      await expect(hits.count()).resolves.toBe(40)
      const more = page.locator('[data-search-page] .search-more')
      const total = Number(/Show all (\d+)/.exec((await more.textContent()) ?? '')?.[1])
      await more.click()
      await page.waitForFunction((n) => document.querySelectorAll('[data-search-page] .search-results a.hit').length === n, total, { timeout: 100_000 })
      await expect(page.locator('[data-search-page] .search-count').textContent()).resolves.toBe(`${total} rules`)
      await context.close()
    })

    test('Enter acts on the text in the box, not on the results still showing', { timeout: 600_000 }, async () => {
      // The best match for "trash cost", as the list shows it once it is done.
      const expected = (await search('trash cost'))
      const target = expected.hrefs[0]!
      await expected.context.close()
      const { page, context, hrefs } = await search('trash')
      expect(hrefs[0]).not.toBe(target)
      // Paste and press Enter at once, before the list has caught up.
      await page.fill('#q', 'trash cost')
      await Promise.all([page.waitForURL(`**${target}`), page.press('#q', 'Enter')])
      expect(new URL(page.url()).hash).toBe(target.slice(target.indexOf('#')))
      await context.close()
    })
  })

  describe('honest and stable (issue 20)', () => {
    test('a word no rule uses ("platypus") says so, offers a way on, and Enter jumps to no rule', async () => {
      const { page, context } = await search('platypus')
      await expect(page.locator('#q ~ .search-panel .none').textContent()).resolves.toMatch(/^No rule mentions “platypus”\..*card database.*Search every chapter/)
      await expect(page.locator('#q ~ .search-panel a.hit').count()).resolves.toBe(0)
      await Promise.all([page.waitForURL('**/search/?q=platypus'), page.press('#q', 'Enter')])
      await context.close()
    })

    test('a card the rules never name ("Hippo") is searched as its type and abilities, said so, and Enter jumps to no rule; the card table is read only for it', async () => {
      const { page, context, errors } = await newPage(site)
      const asked: string[] = []
      page.on('request', (r) => asked.push(new URL(r.url()).pathname))
      await page.goto(`${site.url}/runs/`)
      for (const q of ['ice strength', 'hippo']) {
        await page.fill('#q', q)
        await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q)
        // A query the rules' words answer never fetches the word lists (the card table, the English words).
        const lists = () => asked.filter((p) => /\/(card-terms|search-english)\.json$/.test(p)).sort()
        if (q === 'ice strength') expect(lists()).toEqual([])
        else expect(lists()).toEqual(['/card-terms.json', '/search-english.json'])
      }
      await expect(page.locator('#q ~ .search-panel .search-note').textContent()).resolves.toMatch(/Hippo, a card no rule names: its hardware/)
      const hrefs = await page.$$eval('#q ~ .search-panel .search-results a.hit', (as) => as.map((a) => a.getAttribute('href') ?? ''))
      // The rules of hardware: 3.8 and its rules.
      expect(hrefs.slice(0, 5).some((h) => /#(sec_hardware|rule_hardware\w*)$/.test(h)), hrefs.join('\n')).toBe(true)
      await Promise.all([page.waitForURL('**/search/?q=hippo'), page.press('#q', 'Enter')])
      expect(errors).toEqual([])
      await context.close()
    })

    test('players’ words are searched in the CR’s, and said so: "put" is install', async () => {
      const { page, hrefs } = await results('how much does it cost to put a third ice on a server')
      await expect(page.locator('#q ~ .search-panel .search-note').textContent()).resolves.toContain('put: install')
      expect(hrefs.slice(0, 5).some((h) => /#rule_(install_cost_ice|ice_install_cost|install_cost_link)$/.test(h)), hrefs.join('\n')).toBe(true)
    })

    test('the rows first shown keep their place while the rest arrives', async () => {
      const { page, context, errors } = await newPage(site)
      const q = 'what happens when the host is trashed'
      await page.goto(`${site.url}/runs/`)
      // Record the rows the first time this query's list shows, whatever stage that is.
      await page.evaluate((q) => {
        const list = document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')!
        const w = window as unknown as { firstRows?: { href: string | null; y: number }[] }
        new MutationObserver(() => {
          if (w.firstRows || list.dataset.q !== q) return
          w.firstRows = Array.from(list.querySelectorAll('a.hit'), (a) => ({ href: a.getAttribute('href'), y: Math.round(a.getBoundingClientRect().top) }))
        }).observe(list, { attributes: true, childList: true, subtree: true })
      }, q)
      await page.fill('#q', q)
      await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q)
      await page.waitForTimeout(500)
      const first = await page.evaluate(() => (window as unknown as { firstRows: { href: string | null; y: number }[] }).firstRows)
      const last = await page.$$eval('#q ~ .search-panel .search-results a.hit', (as) => as.map((a) => ({ href: a.getAttribute('href'), y: Math.round(a.getBoundingClientRect().top) })))
      expect(first.length).toBeGreaterThan(0)
      expect(last.slice(0, first.length)).toEqual(first)
      expect(errors).toEqual([])
      await context.close()
    })
  })

  test('the boot asks for Pagefind’s entry beside its code, at the URL Pagefind then reads (one round trip fewer before the first results)', async () => {
    const { page, context, errors } = await newPage(site)
    const entries: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('pagefind-entry.json')) entries.push(r.url())
    })
    await page.goto(`${site.url}/runs/`)
    await page.fill('#q', 'jack out')
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'jack out')
    const preloaded = await page.$$eval('link[rel="preload"]', (ls) => ls.map((l) => (l as HTMLLinkElement).href).filter((h) => h.includes('pagefind-entry.json')))
    expect(preloaded).toHaveLength(1)
    expect(preloaded[0]).toMatch(/\/pagefind\/pagefind-entry\.json\?ts=\d+$/)
    // Pagefind read that very URL (the preload), and no other.
    expect([...new Set(entries)]).toEqual(preloaded)
    expect(errors).toEqual([])
    await context.close()
  })

  describe('a box reached before the page’s script ran (a slow phone, a quick thumb)', () => {
    // The page's script is held back while the reader taps the box and types: its focus and
    // keystrokes reach no listener. Once it runs, what is in the box is searched.
    test.each([
      ['tapped and typed into before the script: searched once it runs', 'jack out', '#rule_jacking_out', true],
      ['tapped before the script, typed into after it ran', 'end the run', '#rule_end_the_run', false],
    ])('%s', async (_, q, id, typedBefore) => {
      const { page, context, errors } = await newPage(site)
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/_astro\/Base\.astro_astro_type_script[^/]*\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`${site.url}/runs/`, { waitUntil: 'commit' })
      await page.waitForSelector('#q')
      await page.focus('#q')
      if (typedBefore) await page.fill('#q', q)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('q')
      release()
      if (!typedBefore) {
        await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/_astro/Base.astro_astro_type_script')))
        await page.keyboard.type(q)
      }
      await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q)
      const hrefs = await page.$$eval('#q ~ .search-panel .search-results a.hit', (as) => as.map((a) => a.getAttribute('href') ?? ''))
      expect(hrefs.slice(0, 3).some((h) => h.endsWith(id)), hrefs.join('\n')).toBe(true)
      await expect(page.locator('#q ~ .search-panel').isVisible()).resolves.toBe(true)
      expect(errors).toEqual([])
      await context.close()
    })
  })

  describe('a citation pasted and entered before search has loaded', () => {
    // Enter before the page's script runs submits the form itself: the results page must land where
    // Enter would have (the rule, a number another release printed with its note), as typed ones do.
    test.each([
      ['6.1.4', /\/runs\/#rule_end_the_run$/],
      ['10.5.5', /#rule_[a-z_]+$/],
      ['CR 24.03 §6.2.5', /\/v24\.03\/runs\/.*#rule_[a-z_]+$/],
    ])('%s', async (q, landing) => {
      const { page, context, errors } = await newPage(site)
      await page.route(/\/_astro\/Base\.astro_astro_type_script[^/]*\.js$/, (route) => route.abort())
      await page.goto(`${site.url}/`)
      await page.fill('#q', q)
      // This page's script failed to load (goto waited for it); the results page's loads.
      await page.unroute(/\/_astro\/Base\.astro_astro_type_script[^/]*\.js$/)
      await Promise.all([page.waitForURL('**/search/?q=*'), page.press('#q', 'Enter')])
      await page.waitForURL((url) => !url.pathname.startsWith('/search/'))
      expect(page.url()).toMatch(landing)
      expect(errors.filter((e) => !/Base\.astro|Failed to fetch dynamically imported|net::ERR_FAILED/.test(e))).toEqual([])
      await context.close()
    })

    test('words entered so stay on the results page', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/search/?q=${encodeURIComponent('jack out')}`)
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-search-page] .search-results')?.dataset.done === 'jack out')
      expect(new URL(page.url()).pathname).toBe('/search/')
      await context.close()
    })

    test('an edition this site does not have says so, never read as today\'s rule or as words, and Enter stays', async () => {
      const { page } = await results('CR 1.8 9.1.8g')
      const none = page.locator('#q ~ .search-panel .none')
      await expect(none.textContent()).resolves.toMatch(/CR 1\.8 is an edition this site does not have/)
      await expect(page.locator('#q ~ .search-panel a.hit').count()).resolves.toBe(0)
      await expect(page.locator('#q ~ .search-panel .none .search-offers a').first().textContent()).resolves.toMatch(/^9\.1\.8g? /)
      await Promise.all([page.waitForURL('**/search/?q=*'), page.press('#q', 'Enter')])
      await page.goto(`${site.url}/runs/`)
    })
  })

  describe('the cold start (issue 20): what search reads is asked for at once, not one file after another', () => {
    /** Site paths, with the names Vite and Pagefind make from bytes and the entry's fresh `?ts=` made generic. */
    const shape = (url: string) =>
      new URL(url).pathname
        .replace(/^\/_astro\/([\w-]+)\.[\w-]+\.js$/, '/_astro/$1.js')
        .replace(/\.en_\w+\.pf_meta$/, '.en_*.pf_meta')
        .replace(/\/en_\w+\.pf_(index|filter|fragment)$/, '/*.pf_$1')

    test('focusing the box asks for the search code, Pagefind and its entry, WebAssembly and metadata, and search’s data; nothing for words not typed yet', async () => {
      const { page, context, errors } = await newPage(site)
      await page.goto(`${site.url}/runs/`, { waitUntil: 'networkidle' })
      const asked: string[] = []
      page.on('request', (r) => asked.push(r.url()))
      await page.focus('#q')
      await page.waitForSelector('form[data-search-ready]', { state: 'attached' })
      const files = [...new Set(asked.map(shape))].filter((f) => !f.startsWith('/_astro/') || f === '/_astro/search.js')
      expect(files.sort()).toEqual(
        ['/_astro/search.js', '/lookup.json', '/pagefind/pagefind-entry.json', '/pagefind/pagefind.en_*.pf_meta', '/pagefind/pagefind.js', '/pagefind/wasm.en.pagefind', '/search-ids.json', '/search-vocab.json'].sort(),
      )
      // Each once; the metadata asked for by the boot (a preload: its name is in search-ids.json), not by Pagefind after its code and entry.
      expect(asked.length).toBe(new Set(asked).size)
      const meta = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.name.endsWith('.pf_meta')).map((e) => e.initiatorType))
      expect(meta).toEqual(['link'])
      expect(errors).toEqual([])
      await context.close()
    })

    test('at focus, Intl.Segmenter’s text-break rules are loaded in a worker: the page’s own thread builds segmenters only inside Pagefind', async () => {
      const { page, context, errors } = await newPage(site)
      await page.addInitScript(() => {
        // Every segmenter the page's thread builds (with who built it), every worker started and every blob made.
        const seen = { segmenters: [] as string[], workers: [] as string[], blobs: [] as Blob[] }
        ;(globalThis as unknown as { __seen: typeof seen }).__seen = seen
        const Segmenter = Intl.Segmenter
        Object.defineProperty(Intl, 'Segmenter', {
          configurable: true,
          writable: true,
          value: class extends Segmenter {
            constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
              super(...args)
              seen.segmenters.push(new Error().stack ?? '')
            }
          },
        })
        const PageWorker = Worker
        globalThis.Worker = class extends PageWorker {
          constructor(url: string | URL, options?: WorkerOptions) {
            super(url, options)
            seen.workers.push(String(url))
          }
        }
        const createObjectURL = URL.createObjectURL.bind(URL)
        URL.createObjectURL = (blob: Blob | MediaSource) => {
          if (blob instanceof Blob) seen.blobs.push(blob)
          return createObjectURL(blob)
        }
      })
      await page.goto(`${site.url}/runs/`, { waitUntil: 'networkidle' })
      await page.fill('#q', 'jack out')
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === 'jack out')
      const seen = await page.evaluate(async () => {
        const s = (globalThis as unknown as { __seen: { segmenters: string[]; workers: string[]; blobs: Blob[] } }).__seen
        return { segmenters: s.segmenters, workers: s.workers, scripts: await Promise.all(s.blobs.map((b) => b.text())) }
      })
      // One worker, from a blob whose script builds a grapheme segmenter.
      expect(seen.workers).toHaveLength(1)
      expect(seen.workers[0]).toMatch(/^blob:/)
      expect(seen.scripts.filter((s) => /new Intl\.Segmenter\("en",\{granularity:'grapheme'\}\)/.test(s))).toHaveLength(1)
      // Pagefind built its own (so the query went through it), and nothing else on the page's thread did.
      expect(seen.segmenters.length).toBeGreaterThan(0)
      for (const stack of seen.segmenters) expect(stack).toMatch(/\/pagefind\/pagefind\.js/)
      expect(errors).toEqual([])
      await context.close()
    })

    // Words in one chunk and in several, a stem in another chunk than its word ("running": run),
    // a word past a chunk's cut end ("acts"), other forms searched with a word ("rezzed": rez), a typo,
    // jargon, a card, a quoted phrase, a chapter filter, an unknown word.
    const cases: [string, string][] = [
      ['what happens when the host is trashed', ''],
      ['running', ''],
      ['can ice be rezzed when the runner ran', ''],
      ['acts of the runner', ''],
      ['jak otu', ''],
      ['ETR', ''],
      ['Sneakdoor Beta', ''],
      ['"fully broken"', ''],
      ['credits', '10. Additional Rules'],
      ['hippo', ''],
    ]
    const preloadedChunks: string[][] = []
    test.each(cases)('"%s" %s: typed at focus, the index chunks are asked for as Pagefind would, each once', async (q, chapter) => {
      const chunk = (url: string) => /\.pf_(index|filter)$/.test(url)
      const type = async (warm: boolean) => {
        const { page, context, errors } = await newPage(site)
        await page.goto(`${site.url}/runs/`, { waitUntil: 'networkidle' })
        if (chapter) await page.selectOption('#q ~ select', chapter)
        if (warm) {
          // Pagefind started before the query: it asks for the chunks it needs itself.
          await page.focus('#q')
          await page.waitForSelector('form[data-search-ready]', { state: 'attached' })
        }
        const asked: string[] = []
        page.on('request', (r) => {
          if (chunk(r.url())) asked.push(new URL(r.url()).pathname)
        })
        await page.fill('#q', q)
        await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q)
        const preloaded = await page.$$eval('link[rel="preload"]', (ls) => ls.map((l) => new URL((l as HTMLLinkElement).href).pathname).filter((p) => /\.pf_(index|filter)$/.test(p)))
        expect(errors).toEqual([])
        await context.close()
        return { asked, preloaded }
      }
      const pagefind = await type(true)
      const cold = await type(false)
      expect(pagefind.preloaded).toEqual([])
      // The same chunks as Pagefind's own choice, each fetched once (a preload Pagefind did not use would be a second request or an extra one).
      expect([...cold.asked].sort()).toEqual([...new Set(pagefind.asked)].sort())
      expect(cold.asked.length).toBe(new Set(cold.asked).size)
      for (const p of cold.preloaded) expect(pagefind.asked).toContain(p)
      // Asked for before Pagefind started (it usually is: Pagefind's metadata is a round trip after search's data), then all of them.
      if (cold.preloaded.length > 0) expect([...cold.preloaded].sort()).toEqual([...new Set(pagefind.asked)].sort())
      preloadedChunks.push(cold.preloaded)
    })

    test('the chunks were asked for before Pagefind started, for some query at least (else the cases above prove nothing)', () => {
      expect(preloadedChunks.length).toBe(cases.length)
      expect(preloadedChunks.flat().length).toBeGreaterThan(0)
    })
  })

  describe('final from the first paint (issue 20: the reader may be reading or tapping a row)', () => {
    // A question (ranked, then excerpts), a defined term and a card (pinned
    // while Pagefind starts), a typo and jargon (rewritten): every stage.
    const queries = ['what happens when the host is trashed', 'trash cost', 'Sneakdoor Beta', 'jak otu', 'ETR', 'can the corp rez ice after the runner passes it']
    test.each(queries)('%s: a row once shown keeps its number, place and text', async (q) => {
      const { page, context, errors } = await newPage(site)
      await page.goto(`${site.url}/runs/`)
      // Every value each row's number, place and text has had, from the first mutation on (a text shown empty counts as not shown yet).
      await page.evaluate((q) => {
        const list = document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')!
        const seen: Record<string, { n: string[]; where: string[]; text: string[]; order: number }> = {}
        ;(window as unknown as { seen: typeof seen }).seen = seen
        const record = () => {
          if (list.dataset.q !== q) return
          list.querySelectorAll<HTMLElement>('li[data-id]').forEach((li, order) => {
            const row = (seen[li.dataset.id!] ??= { n: [], where: [], text: [], order })
            const add = (xs: string[], x: string) => x && xs.at(-1) !== x && xs.push(x)
            add(row.n, li.querySelector('.hit-n')!.textContent!)
            add(row.where, li.querySelector('.hit-where')!.textContent!)
            add(row.text, li.querySelector('.hit-x')!.textContent!)
            if (row.order !== order) row.order = -1
          })
        }
        new MutationObserver(record).observe(list, { attributes: true, childList: true, subtree: true, characterData: true })
      }, q)
      await page.fill('#q', q)
      await page.waitForFunction((q) => document.querySelector<HTMLElement>('#q ~ .search-panel .search-results')?.dataset.done === q, q, { timeout: 120_000 })
      // Whatever comes after "done" would come now: let it.
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
      const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, { n: string[]; where: string[]; text: string[]; order: number }> }).seen)
      expect(Object.keys(seen).length).toBeGreaterThan(0)
      for (const [id, row] of Object.entries(seen)) {
        expect(row.n, id).toHaveLength(1)
        expect(row.where, id).toHaveLength(1)
        expect(row.text.length, `${id}: ${row.text.join(' ⟶ ')}`).toBeLessThanOrEqual(1)
        expect(row.order, `${id} moved`).toBeGreaterThanOrEqual(0)
      }
      // The first row shows its rule's own text (not an excerpt's ellipsis), and says where the rule is, section and all.
      const top = await page.locator('#q ~ .search-panel .search-results li[data-id]').first()
      await expect(top.locator('.hit-x').textContent()).resolves.toMatch(/^\S/)
      await expect(top.locator('.hit-where').textContent()).resolves.toMatch(/^\d+\. .+ › \d+\.\d+\. /)
      expect(errors).toEqual([])
      await context.close()
    })
  })

  describe('/search/?q= as a URL', () => {
    test('a number redirects to the rule', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/search/?q=6.1.4`)
      await page.waitForURL('**/runs/#rule_end_the_run')
      await context.close()
    })

    test('an ID redirects to the rule', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/search/?q=rule_jacking_out`)
      await page.waitForURL('**/runs/#rule_jacking_out')
      await context.close()
    })

    test('words show the results, each a link to its rule', async () => {
      const { page, context } = await newPage(site)
      await page.goto(`${site.url}/search/?q=jack%20out`)
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-search-page] .search-results')?.dataset.done === 'jack out')
      const hrefs = await page.$$eval('[data-search-page] .search-results a', (as) => as.map((a) => a.getAttribute('href') ?? ''))
      expect(hrefs.slice(0, 3).some((h) => h.includes('rule_jacking_out'))).toBe(true)
      await expect(page.inputValue('#sq')).resolves.toBe('jack out')
      await context.close()
    })
  })

  test('search-ids.json names, for every entry of lookup.json, the Pagefind result that is that rule, and Pagefind’s metadata and chunks', () => {
    const lookup = JSON.parse(readFileSync(join(DIST, 'lookup.json'), 'utf8')) as { r: [string, string, number][] }
    const json = JSON.parse(readFileSync(join(DIST, 'search-ids.json'), 'utf8')) as SearchIdsJson
    const entry = JSON.parse(readFileSync(join(DIST, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: { en: { hash: string } } }
    expect(json.meta).toBe(`pagefind.${entry.languages.en.hash}.pf_meta`)
    expect(json.chunks.length).toBeGreaterThan(1)
    for (const [, , name] of json.chunks) expect(existsSync(join(DIST, 'pagefind/index', `${name}.pf_index`)), name).toBe(true)
    expect(json.filters.map(([f]) => f)).toEqual(['chapter'])
    for (const [, name] of json.filters) expect(existsSync(join(DIST, 'pagefind/filter', `${name}.pf_filter`)), name).toBe(true)
    // Stems only where they need another chunk ("running" → "run" across a boundary), each a start of its word.
    for (const [word, stem] of Object.entries(json.stems)) expect(word.startsWith(stem.slice(0, -1)), `${word} → ${stem}`).toBe(true)
    const ids = json.results
    expect(ids).toHaveLength(lookup.r.length)
    lookup.r.forEach(([rule], i) => {
      const fragment = gunzipSync(readFileSync(join(DIST, 'pagefind/fragment', `${ids[i]}.pf_fragment`))).toString('utf8')
      expect(JSON.parse(fragment.slice('pagefind_dcd'.length)).meta.id, rule).toBe(rule)
    })
  })

  test('`/` focuses the search box', async () => {
    const { page, context } = await newPage(site)
    await page.goto(`${site.url}/runs/`)
    await page.keyboard.press('/')
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('q')
    await context.close()
  })

  test('the OpenSearch description points at /search/?q=', async () => {
    const res = await fetch(`${site.url}/opensearch.xml`)
    const xml = await res.text()
    expect(xml).toContain(`template="${siteUrl()}/search/?q={searchTerms}"`)
  })
})
