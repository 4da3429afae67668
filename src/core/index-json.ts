/** The `rules.json` payload: the resolved document for any language. */
import indexSchema from '../../schema/index.schema.json' with { type: 'json' }
import type { CompiledDocument } from './types.ts'

export const INDEX_FORMAT = 1

export function buildIndex(document: CompiledDocument) {
  return {
    $schema: './index.schema.json',
    format: INDEX_FORMAT,
    version: document.release.version,
    effective: document.release.effective,
    rules: document.rules,
    changelog: document.changelog,
  }
}

/** Files `cr index` writes, by relative name. */
export function buildIndexFiles(document: CompiledDocument): Record<string, string> {
  return {
    'rules.json': `${JSON.stringify(buildIndex(document), null, 1)}\n`,
    // Shipped beside the data so `$schema` resolves offline.
    'index.schema.json': `${JSON.stringify(indexSchema, null, 2)}\n`,
  }
}
