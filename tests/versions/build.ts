/** Tiny compiled documents for unit tests, built from YAML the way releases are. */
import { compile } from '../../src/core/compile.ts'
import type { ResolvedRelease } from '../../src/core/model/types.ts'
import { readRetirements, type Retirements } from '../../src/core/versions/retired.ts'
import { parse } from 'yaml'

/** One chapter file (YAML) as release `version`; compile errors fail the test. */
export function build(version: string, chapter: string): ResolvedRelease {
  const { model, messages } = compile([
    { path: `${version}/01_test.yaml`, content: chapter },
    { path: `${version}/release.yaml`, content: `version: ${version}\neffective: "2001-01"\n` },
  ])
  const errors = messages.filter((m) => m.severity === 'error')
  if (errors.length > 0 || !model) throw new Error(errors.map((m) => `${m.file}:${m.line}:${m.column}: ${m.message}`).join('\n'))
  return model
}

/** A section of plain rules: `[id, text]` pairs, or `[id, text, children]` for a subsection. */
export type RuleSpec = [string, string] | [string, string, [string, string][]]

export function chapter(sections: [string, RuleSpec[]][]): string {
  const out = ['chapter: chpt_test', 'text: Test Chapter', 'sections:']
  for (const [id, rules] of sections) {
    out.push(`- section: ${id}`, `  text: Section ${id}`, '  rules:')
    for (const [rid, text, children] of rules) {
      out.push(`  - ${children ? 'subsection' : 'rule'}: ${rid}`, `    text: ${JSON.stringify(text)}`)
      if (children) {
        out.push('    rules:')
        for (const [cid, ctext] of children) out.push(`    - rule: ${cid}`, `      text: ${JSON.stringify(ctext)}`)
      }
    }
  }
  return `${out.join('\n')}\n`
}

export function retired(yaml: string): Retirements {
  return readRetirements(parse(yaml), 'retired.yaml', () => ({ line: 1, column: 1 })).retirements
}
