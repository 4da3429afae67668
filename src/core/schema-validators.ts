/**
 * The validators of every JSON Schema the CLI checks data against: the
 * sources' (chapter, changelog, release), and `cr cite`'s configuration
 * (`cr.config.json`) and coverage files.
 *
 * Here ajv compiles them on first use (tests, `tsx`, the dev server, the
 * language server under `tsx`). The built CLI never runs this module:
 * scripts/build-package.ts compiles the same schemas with the same options
 * into ajv's standalone code at build time and bundles that in its place
 * (`standaloneValidators`), so `cr check` and `cr index` neither load ajv's
 * compiler nor spend about 100 ms compiling (and validating the schemas
 * against the meta-schema) on every run, and an engine's install does not
 * carry ajv (1.3 MB with its dependencies). tests/schema/ checks the two
 * give the same results, and that the schemas are valid.
 */
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js'
import changelogSchema from '../../schema/changelog.schema.json' with { type: 'json' }
import chapterSchema from '../../schema/chapter.schema.json' with { type: 'json' }
import releaseSchema from '../../schema/release.schema.json' with { type: 'json' }
import coverageSchema from '../../schema/coverage.schema.json' with { type: 'json' }
import citeConfigSchema from '../../schema/cr-config.schema.json' with { type: 'json' }

export const SCHEMAS = { chapter: chapterSchema, changelog: changelogSchema, release: releaseSchema, coverage: coverageSchema, citeConfig: citeConfigSchema } as const

export type SchemaName = keyof typeof SCHEMAS

export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  // Flags are `null` or `true`; acknowledgements are strings or groups.
  allowUnionTypes: true,
  // Gives each error its parent schema: the allowed keys and property titles.
  verbose: true,
}

let ajv: Ajv2020 | undefined
const compiled = new Map<SchemaName, ValidateFunction>()

export function validatorFor(name: SchemaName): ValidateFunction {
  let v = compiled.get(name)
  if (!v) {
    ajv ??= new Ajv2020(AJV_OPTIONS)
    compiled.set(name, (v = ajv.compile(SCHEMAS[name])))
  }
  return v
}
