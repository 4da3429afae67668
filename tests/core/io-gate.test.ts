/**
 * One gate for every byte in and out (issue 24): no module in src/, site/ or
 * scripts/ outside src/io imports the file system. src/io reads regular
 * files only, within size bounds, keeps symbolic links inside the tree they
 * are read from (or refuses them), and writes verified and renamed into place;
 * code that imported `node:fs` itself skipped all of that (the language
 * server and `cr fmt` read FIFOs and /dev/zero, `cr fmt` turned links into
 * copies). Imports are found by TypeScript's own parser: static imports and
 * re-exports, `import()` and `require()`, whatever the spelling (`fs`,
 * `node:fs`, `fs/promises`…); text inside strings (a script that writes a
 * program of its own) is not an import. Tests may use fs for their fixtures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const FS = /^(node:)?fs(\/promises)?$/

/** Modules that may import the file system themselves, each with its reason. */
const EXCEPTIONS: Record<string, string> = {}

function sources(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (name === 'node_modules' || name.startsWith('.')) continue
    if (statSync(p).isDirectory()) out.push(...sources(p))
    else if (/\.(ts|mts|js|mjs|astro)$/.test(name)) out.push(p)
  }
  return out
}

/** The modules a file loads, with their lines: imports, re-exports, import(), require(). */
function loadedModules(file: string, text: string): { module: string; line: number }[] {
  // An .astro file's script is its frontmatter, between the `---` fences.
  const code = file.endsWith('.astro') ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true)
  const found: { module: string; line: number }[] = []
  const add = (node: ts.Node, spec: ts.Expression | undefined) => {
    if (spec && ts.isStringLiteralLike(spec)) found.push({ module: spec.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression)
    else if (ts.isCallExpression(node)) {
      const callee = node.expression
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword
      // `require('fs')`, and `createRequire(import.meta.url)('fs')`.
      const isRequire = (ts.isIdentifier(callee) && callee.text === 'require') || (ts.isCallExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'createRequire')
      if (isImport || isRequire) add(node, node.arguments[0])
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('one gate for the file system: src/io', () => {
  it('no module in src/, site/ or scripts/ outside src/io imports fs', () => {
    const offenders: string[] = []
    for (const dir of ['src', 'site', 'scripts']) {
      for (const file of sources(join(ROOT, dir))) {
        const rel = relative(ROOT, file)
        if (rel.startsWith('src/io/') || rel in EXCEPTIONS) continue
        for (const m of loadedModules(file, readFileSync(file, 'utf8'))) if (FS.test(m.module)) offenders.push(`${rel}:${m.line}: imports ${m.module}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('every exception names a file that exists and says why', () => {
    for (const [file, why] of Object.entries(EXCEPTIONS)) {
      expect(statSync(join(ROOT, file)).isFile(), file).toBe(true)
      expect(why.length, file).toBeGreaterThan(20)
    }
  })

  it('finds every spelling, and not a string that only looks like one', () => {
    const spellings = [
      "import { readFileSync } from 'node:fs'",
      "import * as fs from 'fs'",
      "import fs from 'fs/promises'",
      "export { readFile } from 'node:fs/promises'",
      "const fs = await import('node:fs')",
      "const fs = require('fs')",
      "const fs = createRequire(import.meta.url)('node:fs')",
      "import fs = require('fs')",
    ]
    for (const s of spellings) expect(loadedModules('x.ts', s).map((m) => m.module).filter((m) => FS.test(m)), s).toHaveLength(1)
    expect(loadedModules('x.ts', "const program = `import { readFileSync } from 'node:fs'`")).toEqual([])
    expect(loadedModules('x.astro', "---\nimport { readFileSync } from 'node:fs'\n---\n<p>import fs from 'fs'</p>").map((m) => m.module)).toEqual(['node:fs'])
  })
})
