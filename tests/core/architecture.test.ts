/**
 * The shape of the code, checked: the compiler core has no import cycle (type
 * imports included: a cycle of types is a cycle of ideas), and the diagnostics
 * registry is a leaf every module may import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')

function tsFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...tsFiles(p))
    else if (p.endsWith('.ts')) out.push(resolve(p))
  }
  return out
}

/** Static relative imports and re-exports (`import type` too); dynamic `import()` is lazy loading, not a dependency cycle. */
function importsOf(file: string, known: Set<string>): string[] {
  const src = readFileSync(file, 'utf8')
  return [...src.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => resolve(dirname(file), m[1]!)).filter((p) => known.has(p))
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(files: string[]): string[][] {
  const known = new Set(files)
  const graph = new Map(files.map((f) => [f, importsOf(f, known)]))
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(relative(ROOT, w))
      } while (w !== v)
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort())
    }
  }
  for (const f of files) if (!index.has(f)) visit(f)
  return found
}

describe('architecture', () => {
  it('src/core has no import cycle', () => {
    expect(cycles(tsFiles(join(ROOT, 'src/core')))).toEqual([])
  })

  it('the whole of src/ has no import cycle', () => {
    expect(cycles(tsFiles(join(ROOT, 'src')))).toEqual([])
  })

  it('the diagnostics registry imports nothing', () => {
    const file = join(ROOT, 'src/core/codes.ts')
    expect(readFileSync(file, 'utf8')).not.toMatch(/^\s*import\b/m)
  })

  it('finds a cycle when there is one (the check itself can fail)', () => {
    const dir = join(ROOT, 'tests/fixtures/architecture/cycle')
    expect(cycles(tsFiles(dir)).map((c) => c.map((p) => p.split('/').pop()))).toEqual([['a.ts', 'b.ts']])
  })
})
