/**
 * `cr fmt` on hostile and careless inputs (issue 24): what it reads, what it
 * writes, and what it leaves in the text.
 */
import { describe, expect, it } from 'vitest'
import { formatYaml } from '../../src/core/format.ts'

describe('line ends', () => {
  it('a CRLF file comes out LF throughout, comment blocks included (they kept their \\r)', () => {
    const crlf = '# one\r\n# two\r\nchapter: chpt_x\r\n# a comment block\r\n# of two lines\r\ntext: X\r\nsections: [] # trailing\r\n'
    const r = formatYaml(crlf)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.text).not.toContain('\r')
    expect(r.text).toBe('# one\n# two\nchapter: chpt_x\n# a comment block\n# of two lines\ntext: X\nsections: [] # trailing\n')
    expect(formatYaml(r.text)).toMatchObject({ ok: true, text: r.text, changed: false })
  })

  it('a CR inside a quoted value is a line break to YAML either way: the value is unchanged', () => {
    const r = formatYaml('text: "a\r\n  b"\r\n')
    expect(r).toMatchObject({ ok: true, text: 'text: a b\n' })
  })
})
