/** The `rules.json` payload: the resolved document for any language. */
import indexSchema from '../../schema/index.schema.json' with { type: 'json' }
import { ruleTextHashes } from './cite/rule-hash.ts'
import type { ResolvedRelease } from './model/types.ts'
import { indexView } from './render/document.ts'

export const INDEX_FORMAT = 1

export function buildIndex(model: ResolvedRelease) {
  const document = indexView(model)
  return {
    $schema: './index.schema.json',
    format: INDEX_FORMAT,
    version: document.release.version,
    effective: document.release.effective,
    // Each entry with the fingerprint of its text, right after `html`.
    rules: withHashes(model),
    changelog: document.changelog,
  }
}

/** Files `cr index` writes, by relative name. */
export function buildIndexFiles(model: ResolvedRelease): Record<string, string> {
  return {
    'rules.json': `${JSON.stringify(buildIndex(model), null, 1)}\n`,
    // Shipped beside the data so `$schema` resolves offline.
    'index.schema.json': `${JSON.stringify(indexSchema, null, 2)}\n`,
  }
}

function withHashes(model: ResolvedRelease) {
  const hashes = ruleTextHashes(model)
  return indexView(model).rules.map((r) => {
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
