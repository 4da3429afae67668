/** `examples.json`: every worked example, by stable ID. */
import { INDEX_FORMAT } from '../index-json.ts'
import type { CompiledDocument } from '../types.ts'

export interface ExampleRecord {
  id: string
  rule: string
  number: string
  text: string
  html: string
  new: boolean
  cards: string[]
  terms: string[]
}

export function buildExamples(document: CompiledDocument): { $schema: string; format: number; version: string; examples: ExampleRecord[] } {
  const examples = document.rules.flatMap((r) =>
    r.examples.map((ex) => ({ id: ex.id, rule: r.id, number: r.number, text: ex.text, html: ex.html, new: ex.new, cards: ex.cards, terms: ex.terms })),
  )
  return { $schema: './examples.schema.json', format: INDEX_FORMAT, version: document.release.version, examples }
}
