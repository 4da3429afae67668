/** The `rules.json` payload: the resolved document for any language. */
import indexSchema from '../../schema/index.schema.json' with { type: 'json' }
import { ruleTextHashes } from './cite/rule-hash.ts'
import type { CompiledDocument } from './types.ts'

export const INDEX_FORMAT = 1

export function buildIndex(document: CompiledDocument) {
  return {
    $schema: './index.schema.json',
    format: INDEX_FORMAT,
    version: document.release.version,
    effective: document.release.effective,
    // Each entry with the fingerprint of its text, right after `html`.
    rules: withHashes(document),
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

function withHashes(document: CompiledDocument) {
  const hashes = ruleTextHashes(document.rules)
  return document.rules.map((r) => {
    const entry = r as unknown as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (const k in entry) {
      if (k === 'html') continue
      out[k] = entry[k]
      if (k === 'text') {
        out.html = r.html
        out.hash = hashes.get(r.id)
      }
    }
    return out
  })
}
