/**
 * The validators of the sources' JSON Schemas: chapter, changelog, release.
 *
 * Here ajv compiles them on first use (tests, `tsx`, the dev server, the
 * language server under `tsx`). The built CLI never runs this module:
 * scripts/build-package.ts compiles the same schemas with the same options
 * into ajv's standalone code at build time and bundles that in its place
 * (`standaloneValidators`), so `cr check` and `cr index` neither load ajv's
 * compiler nor spend about 100 ms compiling (and validating the schemas
 * against the meta-schema) on every run. tests/schema/ checks the two give
 * the same results, and that the schemas are valid.
 */
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js'
import changelogSchema from '../../schema/changelog.schema.json' with { type: 'json' }
import chapterSchema from '../../schema/chapter.schema.json' with { type: 'json' }
import releaseSchema from '../../schema/release.schema.json' with { type: 'json' }

export const SOURCE_SCHEMAS = { chapter: chapterSchema, changelog: changelogSchema, release: releaseSchema } as const

export type SourceSchema = keyof typeof SOURCE_SCHEMAS

export const SOURCE_AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  // Flags are `null` or `true`; acknowledgements are strings or groups.
  allowUnionTypes: true,
  // Gives each error its parent schema: the allowed keys and property titles.
  verbose: true,
}

let ajv: Ajv2020 | undefined
const compiled = new Map<SourceSchema, ValidateFunction>()

export function validatorFor(name: SourceSchema): ValidateFunction {
  let v = compiled.get(name)
  if (!v) {
    ajv ??= new Ajv2020(SOURCE_AJV_OPTIONS)
    compiled.set(name, (v = ajv.compile(SOURCE_SCHEMAS[name])))
  }
  return v
}
