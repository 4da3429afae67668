import { Ajv2020 } from 'ajv/dist/2020.js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import changelogSchema from '../../schema/changelog.schema.json' with { type: 'json' }
import chapterSchema from '../../schema/chapter.schema.json' with { type: 'json' }
import releaseSchema from '../../schema/release.schema.json' with { type: 'json' }

const schemas = { chapter: chapterSchema, changelog: changelogSchema, release: releaseSchema } as Record<string, Record<string, unknown>>

type Visit = (node: Record<string, unknown>, where: string) => void

/** Every subschema, with a readable path. */
function walk(node: unknown, where: string, visit: Visit) {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return
  const schema = node as Record<string, unknown>
  visit(schema, where)
  for (const key of ['properties', '$defs']) {
    const map = schema[key] as Record<string, unknown> | undefined
    for (const [name, sub] of Object.entries(map ?? {})) walk(sub, `${where}/${key}/${name}`, visit)
  }
  for (const key of ['items', 'if', 'then', 'else']) walk(schema[key], `${where}/${key}`, visit)
}

describe.each(Object.entries(schemas))('%s schema', (name, schema) => {
  it('is a valid draft 2020-12 schema that compiles in strict mode', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true })
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true)
    expect(() => ajv.compile(schema)).not.toThrow()
    expect(schema.$id).toBe(`https://github.com/netrunner-cr/netrunner-cr/schema/${name}.schema.json`)
  })

  it('documents every property, for editor hovers', () => {
    const missing: string[] = []
    walk(schema, '#', (node, where) => {
      for (const [key, sub] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
        // `if: { properties: { subsection: true } }` only tests for a key.
        if (sub === true) continue
        const s = sub as Record<string, unknown>
        if (typeof s.title !== 'string' || typeof s.description !== 'string') {
          // A bare `$ref` inherits its target's title and description.
          const target = typeof s.$ref === 'string' ? (schema.$defs as Record<string, Record<string, unknown>>)[s.$ref.replace('#/$defs/', '')] : undefined
          if (!(target && typeof target.title === 'string' && typeof target.description === 'string')) missing.push(`${where}/properties/${key}`)
        }
      }
    })
    expect(missing).toEqual([])
  })

  it('rejects unknown keys everywhere', () => {
    const open: string[] = []
    walk(schema, '#', (node, where) => {
      const type = node.type
      const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'))
      // The rule-item union dispatches with if/then/else to schemas that are closed themselves.
      const dispatches = 'if' in node && 'then' in node && 'else' in node
      if (isObject && node.additionalProperties !== false && !dispatches) open.push(where)
    })
    expect(open).toEqual([])
  })
})

describe('IDs', () => {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true })
  ajv.addSchema(chapterSchema)
  const validId = ajv.compile({ $ref: `${chapterSchema.$id}#/$defs/id` })

  it.each(['chpt_runs', 'sec_psi_games', 'rule_end_the_run', 'step_checkpoint_1', 'rule_54+', 'rule_identity_HQ', 'rule_icebreaker_strength_increase_outside_of_encounter.'])(
    'accepts %s (found in the official sources)',
    (id) => {
      expect(validId(id)).toBe(true)
    },
  )

  it.each(['Sec_steps_of_a_run', 'rule-run', 'rule run', '6.1.2', '_rule', 'rule_a+b', 'rule..', ''])('rejects %j', (id) => {
    expect(validId(id)).toBe(false)
  })
})

// The files the tools write, read by other people's code (a bot, a CI step): every field says what it is.
const outputs = Object.fromEntries(
  ['index', 'coverage', 'matrix', 'retired'].map((n) => [n, JSON.parse(readFileSync(join(import.meta.dirname, `../../schema/${n}.schema.json`), 'utf8'))]),
) as Record<string, Record<string, unknown>>

describe.each(Object.entries(outputs))('%s schema (read by consumers)', (_name, schema) => {
  it('describes every property, directly or through the definition it refers to', () => {
    const missing: string[] = []
    const defs = (schema.$defs ?? {}) as Record<string, Record<string, unknown>>
    walk(schema, '#', (node, where) => {
      for (const [key, sub] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
        if (sub === true) continue
        const s = sub as Record<string, unknown>
        const target = typeof s.$ref === 'string' ? defs[s.$ref.replace('#/$defs/', '')] : undefined
        if (typeof s.description !== 'string' && typeof target?.description !== 'string') missing.push(`${where}/properties/${key}`)
      }
    })
    expect(missing).toEqual([])
  })
})
