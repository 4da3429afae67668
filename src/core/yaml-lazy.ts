/**
 * The `yaml` package, loaded on first use. It is the position-keeping
 * parser, needed only when a diagnostic needs a line and column (js-yaml
 * reads clean files), and loading it costs about as much as checking the
 * CR from the cache: so a clean `cr check` or `cr index` never loads it.
 */
import { createRequire } from 'node:module'

type Yaml = typeof import('yaml')

let loaded: Yaml | undefined

export function yaml(): Yaml {
  return (loaded ??= createRequire(import.meta.url)('yaml') as Yaml)
}
