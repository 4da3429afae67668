/**
 * A permalink typed in another form finds its rule without script on the
 * server `npm start` runs: the folded page when the site has one, else the
 * rule through the release's lookup, as the 404 page's script would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { foldPermalink } from '../../site/integration/permalink-fold.ts'
import type { LookupJson } from '../../site/scripts/lookup.ts'
import { staticHandler } from '../../site/integration/static-server.ts'
import { createServer } from 'node:http'

const dist = mkdtempSync(join(tmpdir(), 'cr-fold-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
const page = (path: string) => {
  mkdirSync(join(dist, path), { recursive: true })
  writeFileSync(join(dist, path, 'index.html'), '<!doctype html><title>x</title>')
}
const lookup = (base: string, json: LookupJson) => {
  mkdirSync(join(dist, base), { recursive: true })
  writeFileSync(join(dist, base, 'lookup.json'), JSON.stringify(json))
}
// Today: 6.1.4a and its ID have pages; 6.1.5 has none (a number whose page the build did not write).
lookup('/', { c: ['runs'], n: ['6. Runs'], r: [['rule_end_the_run', '6.1.4a', 0], ['rule_jack_out', '6.1.5', 0]], t: {} })
lookup('/v24.03/', { c: ['runs'], n: ['6. Runs'], r: [['rule_move_runner_to_position', '6.2.5', 0], ['rule_end_the_run', '6.1.4b', 0]], t: {} })
page('r/6.1.4a')
page('r/rule_end_the_run')
page('r/rule_gone_since')

describe('foldPermalink', () => {
  test.each([
    ['/r/6.1.4A/', '/r/6.1.4a/'],
    ['/r/6.1.4%20a', '/r/6.1.4a/'],
    ['/R/6.1.4%20A/', '/r/6.1.4a/'],
    ['/r/6.1.4a./', '/r/6.1.4a/'],
    ['/r/RULE_END_THE_RUN', '/r/rule_end_the_run/'],
    ['/r/Rule_Gone_Since/', '/r/rule_gone_since/'],
    // No page of its own: the rule on its chapter.
    ['/r/6.1.5/', '/runs/#rule_jack_out'],
    ['/r/Rule_Jack_Out', '/runs/#rule_jack_out'],
    // A held release's permalinks have no pages: its own lookup, its own number.
    ['/v24.03/r/6.1.4B/', '/v24.03/runs/#rule_end_the_run'],
    ['/V24.03/r/RULE_MOVE_RUNNER_TO_POSITION', '/v24.03/runs/#rule_move_runner_to_position'],
  ])('%s → %s', (typed, landing) => {
    expect(foldPermalink(dist, typed)).toBe(landing)
  })

  test.each(['/r/6.1.4zz/', '/r/nothing_here/', '/r/%2e%2e/', '/r/..%2Fv24.03/', '/v99.99/r/6.1.4a/', '/runs/6.1.4A/', '/r/'])('%s names nothing: no redirect', (typed) => {
    expect(foldPermalink(dist, typed)).toBeUndefined()
  })

  test('the server answers a folded form with a redirect, and what names nothing with its 404', async () => {
    const server = createServer(staticHandler(dist))
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    const { port } = server.address() as { port: number }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/r/6.1.4%20A/`, { redirect: 'manual' })
      expect([res.status, res.headers.get('location')]).toEqual([302, '/r/6.1.4a/'])
      const head = await fetch(`http://127.0.0.1:${port}/r/RULE_END_THE_RUN`, { method: 'HEAD', redirect: 'manual' })
      expect([head.status, head.headers.get('location')]).toEqual([302, '/r/rule_end_the_run/'])
      const post = await fetch(`http://127.0.0.1:${port}/r/6.1.4A/`, { method: 'POST', redirect: 'manual' })
      // Only reading is redirected: serve-static answers other methods itself.
      expect([post.status, post.headers.get('location')]).toEqual([405, null])
      expect((await fetch(`http://127.0.0.1:${port}/r/6.1.4zz/`, { redirect: 'manual' })).status).toBe(404)
    } finally {
      await new Promise((ok) => server.close(ok))
    }
  })
})
