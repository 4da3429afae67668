/**
 * Every string in the repository's sources (`rules/` and each
 * `releases/<version>/`) parses without a problem and renders. Skipped while
 * those folders are absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { parseMarkup, toHtml, toText } from '../../src/core/markup/index.ts'
import { testContext } from './context.ts'

const repo = join(import.meta.dirname, '../..')
const yamlIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(dir, f)) : []
const releases = join(repo, 'releases')
const files = [
  ...yamlIn(join(repo, 'rules')),
  ...(existsSync(releases) ? readdirSync(releases, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => yamlIn(join(releases, d.name))) : []),
]

/** Every string value, with its path (keys are IDs and flags, never markup). */
function collectStrings(value: unknown, path: string, out: { path: string; text: string }[]) {
  if (typeof value === 'string') out.push({ path, text: value })
  else if (Array.isArray(value)) value.forEach((v, i) => collectStrings(v, `${path}[${i}]`, out))
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // Unquoted text with `: ` in it reads as a key; the compiler reads it back as the text
      // (`schema-text-as-key`, a warning the v22.12–v25.08 sources have): so is it parsed here.
      if (/ /.test(k) && typeof v === 'string') out.push({ path, text: `${k}: ${v}` })
      else collectStrings(v, `${path}.${k}`, out)
    }
  }
  return out
}

describe.skipIf(files.length === 0)('corpus', () => {
  it.each(files.map((f) => [f.slice(repo.length + 1), f]))('%s', (_, file) => {
    const strings = collectStrings(parse(readFileSync(file, 'utf8')), '', [])
    const found = strings.flatMap(({ path, text }) => {
      const { tree, problems } = parseMarkup(text)
      toText(tree, testContext)
      toHtml(tree, testContext)
      return problems.map((p) => `${path}:${p.position.start.line}:${p.position.start.column}: ${p.code}: ${p.message}`)
    })
    expect(found).toEqual([])
  })
})
