/** The CLI's file-system side: reading a rules directory, atomic output. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { createCardIndex, type CardIndex } from '../core/cards.ts'
import type { SourceFile } from '../core/types.ts'
import { PACKAGE_ROOT } from './package-root.ts'

export { PACKAGE_ROOT }

/** Every `.yaml` file of a directory, with paths as the user would type them. */
export function readRulesDir(dir: string, cwd = process.cwd()): SourceFile[] {
  const abs = resolve(cwd, dir)
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new Error(`No such directory: ${dir}`)
  return readdirSync(abs)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => {
      const full = join(abs, name)
      const shown = relative(cwd, full) || name
      return { path: shown.startsWith('..') ? full : shown, content: readFileSync(full) }
    })
}

/** Decoded text of the files, for source excerpts in diagnostics. */
export function textLookup(files: SourceFile[]): (file: string) => string | undefined {
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const map = new Map(files.map((f) => [f.path, typeof f.content === 'string' ? f.content : decoder.decode(f.content)]))
  return (file) => map.get(file)
}

export function loadCards(file = join(PACKAGE_ROOT, 'data/cards.json')): CardIndex | undefined {
  if (!existsSync(file)) return undefined
  return createCardIndex(JSON.parse(readFileSync(file, 'utf8')))
}

