/**
 * Search as you type, at rule granularity; loaded on first use (see
 * `search-boot.ts`). Four parts: `search/data.ts` loads what search reads,
 * `search/pipeline.ts` turns a query into what to show (pure),
 * `search/view.ts` draws it, `search/events.ts` wires a form to them.
 */
import { loadSources } from './search/data.ts'
import { wireSearch } from './search/events.ts'

export function initSearch(base: string, forms: HTMLFormElement[]) {
  const sources = loadSources(base)
  for (const form of forms) wireSearch(form, sources)
}
