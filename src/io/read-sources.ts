/** The CLI's file-system side: reading a rules directory, atomic output. */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { createCardIndex, type CardIndex } from '../core/cards.ts'
import type { SourceFile } from '../core/types.ts'
import { isRulesSourceName } from '../core/editor-files.ts'
import { PACKAGE_ROOT } from './package-root.ts'
import { InputError, MAX_DATA_FILE_BYTES, MAX_RULE_FILE_BYTES, readInputFile } from './read-input.ts'

export { PACKAGE_ROOT }

/**
 * Every `.yaml` file of a directory, with paths as the user would type them,
 * but editors' locks, swap files and backups (`src/core/editor-files.ts`).
 * What cannot be read (a folder named `02_x.yaml`, a FIFO, a link out of the
 * folder, a file over the cap) is still listed, marked `unreadable`, so the
 * compiler reports it where it is instead of the run hanging or crashing.
 */
export function readRulesDir(dir: string, cwd = process.cwd()): SourceFile[] {
  const abs = resolve(cwd, dir)
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new Error(`No such directory: ${dir}`)
  return readdirSync(abs)
    .filter(isRulesSourceName)
    .sort()
    .map((name): SourceFile => {
      const full = join(abs, name)
      const rel = relative(cwd, full) || name
      const path = rel.startsWith('..') ? full : rel
      try {
        return { path, content: readInputFile(full, { shown: path, maxBytes: MAX_RULE_FILE_BYTES, within: abs }) }
      } catch (error) {
        if (!(error instanceof InputError)) throw error
        return { path, content: '', unreadable: { code: error.code, message: error.reason } }
      }
    })
}

/** Decoded text of the files, for source excerpts in diagnostics. */
export function textLookup(files: SourceFile[]): (file: string) => string | undefined {
  const decoder = new TextDecoder('utf-8', { fatal: false })
  const map = new Map(files.filter((f) => !f.unreadable).map((f) => [f.path, typeof f.content === 'string' ? f.content : decoder.decode(f.content)]))
  return (file) => map.get(file)
}

/** The bytes of card data (`--cards FILE`), bounded; undefined when the default file is absent. */
export function readCardData(file = join(PACKAGE_ROOT, 'data/cards.json'), explicit = false): Buffer | undefined {
  if (!explicit && !existsSync(file)) return undefined
  return readInputFile(file, { maxBytes: MAX_DATA_FILE_BYTES })
}

/** Card data from its bytes; a file that is not card data is an error that says so. */
export function parseCardData(bytes: Buffer, file: string): CardIndex {
  let data: unknown
  try {
    data = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    throw new Error(`${file}: not card data: ${(error as Error).message}; expected the JSON of data/cards.json`)
  }
  const cards = (data as { cards?: unknown } | null)?.cards
  if (!Array.isArray(cards) || !cards.every((c) => c !== null && typeof c === 'object' && typeof (c as { title?: unknown }).title === 'string')) {
    throw new Error(`${file}: not card data: expected an object with a \`cards\` list of cards with titles, as in data/cards.json`)
  }
  const records = cards.map((c: { previousCodes?: unknown }) => (Array.isArray(c.previousCodes) ? c : { ...c, previousCodes: [] }))
  return createCardIndex({ ...(data as Parameters<typeof createCardIndex>[0]), cards: records as Parameters<typeof createCardIndex>[0]['cards'] })
}

/** Card data (`--cards FILE`); a file that is not card data is an error that says so. */
export function loadCards(file = join(PACKAGE_ROOT, 'data/cards.json'), explicit = false): CardIndex | undefined {
  const bytes = readCardData(file, explicit)
  return bytes === undefined ? undefined : parseCardData(bytes, file)
}
