/**
 * Property tests for `locateInString`: whatever the string and whichever
 * style YAML writes it in, the mapping never throws, never goes backwards,
 * stays inside the file, and lands on the character itself wherever the
 * style keeps it as written (escapes land on their backslash, folded line
 * breaks on the break).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Document, Scalar, parseDocument } from 'yaml'
import { loadYaml } from '../../src/core/load-yaml.ts'

const styles = [Scalar.PLAIN, Scalar.QUOTE_DOUBLE, Scalar.QUOTE_SINGLE, Scalar.BLOCK_LITERAL, Scalar.BLOCK_FOLDED] as const

// Rule-text-like strings: markup, punctuation YAML cares about, spaces, line breaks, non-ASCII.
const piece = fc.constantFrom('a', 'Z', '7', ' ', '  ', '\n', '\n\n', '{ref:rule_x}', '[click]', ': ', '#', "'", '"', '\\', '-', 'é', '—', '🂡', '\t')
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''))

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r'

describe('locateInString (properties)', () => {
  it('never throws, is monotonic and lands on the character where the style keeps it', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...styles), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 20, max: 100 }), (value, style, indent, lineWidth) => {
        const doc = new Document({ rule: 'rule_x', nested: { text: value } })
        const node = doc.getIn(['nested', 'text'], true) as Scalar
        node.type = style
        const source = doc.toString({ indent: Math.max(indent, 1), lineWidth, minContentWidth: 10 })
        const { loaded } = loadYaml({ path: 'p.yaml', content: source })
        // The writer cannot keep every string in every style (it writes some
        // it cannot read back); those cases say nothing about locating.
        fc.pre(loaded !== undefined && (loaded.data as { nested: { text: string } }).nested.text === value)

        const written = loaded!.text
        // The writer falls back to another style when the asked one cannot hold the value.
        const actual = (parseDocument(written).getIn(['nested', 'text'], true) as Scalar).type
        let previous = -1
        for (let i = 0; i <= value.length; i++) {
          const at = loaded!.locateInString(['nested', 'text'], i)
          expect(at.offset).toBeGreaterThanOrEqual(previous)
          expect(at.offset).toBeLessThanOrEqual(written.length)
          previous = at.offset
          if (i === value.length) break
          const v = value[i]
          const s = written[at.offset]
          // A folded line break lands on the break it came from; an escape on its backslash.
          const ok = s === v || (isSpace(v) && isSpace(s)) || (actual === Scalar.QUOTE_DOUBLE && s === '\\')
          if (!ok) throw new Error(`value[${i}]=${JSON.stringify(v)} mapped to ${JSON.stringify(s)} in\n${source}`)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('is exact for block literals, whatever the indentation', () => {
    const line = fc.array(fc.constantFrom('a', 'b', ' ', '{ref:x}', 'é', '🂡', ':', '#'), { minLength: 1, maxLength: 12 }).map((p) => p.join('').trimEnd() || 'a')
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 8 }), (lines, indent) => {
        const value = lines.join('\n')
        const doc = new Document({ sections: [{ rules: [{ text: value }] }] })
        ;(doc.getIn(['sections', 0, 'rules', 0, 'text'], true) as Scalar).type = Scalar.BLOCK_LITERAL
        const source = doc.toString({ indent })
        const { loaded } = loadYaml({ path: 'p.yaml', content: source })
        // yaml 2.x writes `|2-` blocks it cannot read back when a value starts with a space.
        fc.pre(loaded !== undefined && (loaded.data as any).sections[0].rules[0].text === value)
        const path = ['sections', 0, 'rules', 0, 'text']
        for (let i = 0; i < value.length; i++) {
          const at = loaded!.locateInString(path, i)
          expect(loaded!.text[at.offset]).toBe(value[i])
          const sourceLine = `${loaded!.text.split('\n')[at.line - 1]!}\n`
          expect(sourceLine[at.column - 1]).toBe(value[i])
        }
      }),
      { numRuns: 300 },
    )
  })
})
