import { describe, expect, it } from 'vitest'
import { markWords } from '../../site/scripts/release-marks.ts'
import { permalink } from '../../site/scripts/rule-tools.ts'

describe('a held release’s rule that changed since', () => {
  it('says how, and its number today', () => {
    expect(markWords('rwn 6.2.7e', '6.2.4e', 'v24.03')).toEqual({ text: 'changed · 6.2.7e today', label: '6.2.4e changed since v24.03: renamed, reworded, renumbered; 6.2.7e today' })
    expect(markWords('w 6.1.4', '6.1.4', 'v24.03')).toEqual({ text: 'reworded since v24.03', label: '6.1.4 changed since v24.03: reworded; 6.1.4 today' })
    // A rule only renumbered says so where it is seen, not in the tooltip alone.
    expect(markWords('n 6.2.9', '6.2.5', 'v24.03').text).toBe('renumbered · 6.2.9 today')
    expect(markWords('x', '1.2.5', 'v24.03')).toEqual({ text: 'removed since v24.03', label: '1.2.5 was removed after v24.03: see why' })
  })
})

describe('the link Copy link gives', () => {
  it('is /r/<id>/ on the current rules, the chapter page’s anchor on a held release’s chapter, ?r= from its one-page rules', () => {
    expect(permalink('https://x', 'rule_end_the_run', '/', '/runs/')).toBe('https://x/r/rule_end_the_run/')
    expect(permalink('https://x', 'rule_move_runner_to_position', '/v24.03/', '/v24.03/runs/')).toBe('https://x/v24.03/runs/#rule_move_runner_to_position')
    expect(permalink('https://x', 'rule_move_runner_to_position', '/v24.03/', '/v24.03/full/')).toBe('https://x/v24.03/?r=rule_move_runner_to_position')
    expect(permalink('https://x', 'rule_move_runner_to_position', '/v24.03/')).toBe('https://x/v24.03/?r=rule_move_runner_to_position')
  })
})
