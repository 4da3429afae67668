/**
 * `cr export <format> [--version V] [RULES_DIR]`: the rules in another format,
 * each a renderer over the compiled model (src/core/render/). Formats are rows
 * of `FORMATS`: `official-json` prints the rules team's `rules.json` byte for
 * byte as their generator writes it, so its readers can switch without a
 * change; `markdown` writes a file per section into `--out DIR`.
 */
import { resolve } from 'node:path'
import { compile } from '../../core/compile.ts'
import { hasErrors } from '../../core/diagnostics.ts'
import type { ResolvedRelease } from '../../core/model/types.ts'
import { buildOfficialJson, OFFICIAL_SHAPES, type OfficialShape } from '../../core/official-json.ts'
import { renderMarkdown } from '../../core/render/markdown.ts'
import { chooseRules, findReleasesRoot, formatReport, locateRelease } from '../../io/releases.ts'
import { loadCards, readRulesDir } from '../../io/read-sources.ts'
import { assertWritableOutput, writeOutputDir } from '../../io/write-output.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import type { CliIo } from '../cli-io.ts'

type Values = Record<string, unknown>

interface Format {
  name: string
  /** Checked before anything is compiled. */
  check(values: Values, io: CliIo): void
  write(model: ResolvedRelease, values: Values, io: CliIo): string
}

export const FORMATS: readonly Format[] = [
  {
    name: 'official-json',
    check(values) {
      const shape = (values.shape as string | undefined) ?? OFFICIAL_SHAPES[0]
      if (!(OFFICIAL_SHAPES as readonly string[]).includes(shape)) throw new UsageError(`unknown shape \`${shape}\`, expected ${OFFICIAL_SHAPES.join(' or ')}`)
      if (values.out !== undefined) throw new UsageError('official-json prints to stdout; redirect it (`> rules.json`) instead of --out')
    },
    write(model, values, io) {
      io.stdout.write(buildOfficialJson(model, { shape: ((values.shape as string | undefined) ?? OFFICIAL_SHAPES[0]) as OfficialShape }).json)
      return ''
    },
  },
  {
    name: 'markdown',
    check(values, io) {
      const out = values.out as string | undefined
      if (out === undefined) throw new UsageError('markdown writes a folder: give --out DIR')
      if (values.shape !== undefined) throw new UsageError('--shape is for official-json')
      // Refuse a dangerous --out before compiling, so the user hears it at once.
      assertWritableOutput(out, [], io.cwd)
    },
    write(model, values, io) {
      const files = renderMarkdown(model)
      writeOutputDir(values.out as string, files, { cwd: io.cwd })
      return `cr export: wrote ${Object.keys(files).length} Markdown files to ${values.out as string}/\n`
    },
  },
]

export const exportSpec: CommandSpec = {
  name: 'export',
  summary: 'Print the rules in another format (official-json: the official generator\'s rules.json; markdown: a file per section)',
  usage: 'cr export official-json [--version V] [--shape 2026-04|2025] [RULES_DIR]   |   cr export markdown --out DIR [--version V] [RULES_DIR]',
  flags: [
    { name: 'version', type: 'string', value: 'V', description: 'export release V (e.g. v25.08) from releases/ instead of the rules directory' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases directory for --version (default: releases/ beside the rules)' },
    { name: 'shape', type: 'string', value: 'S', description: `official-json: the generator's shape, ${OFFICIAL_SHAPES.join(' (default) or ')} (before April 2026: no preamble, no appendix)` },
    { name: 'out', type: 'string', value: 'DIR', description: 'markdown: the folder to write (new, empty, or an earlier export; never anything else)' },
  ],
}

export function exportCommand(argv: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs(exportSpec, argv)
  const [name, rulesArg, ...extra] = positionals
  const names = FORMATS.map((f) => f.name).join(', ')
  if (name === undefined) throw new UsageError(`missing format, expected ${names}`)
  const format = FORMATS.find((f) => f.name === name)
  if (!format) throw new UsageError(`unknown format \`${name}\`, expected ${names}`)
  if (extra.length > 0) throw new UsageError(`unexpected argument \`${extra[0]}\``)
  format.check(values, io)
  // `rules/` here, else the rules the package ships, as `cr show`, `cr diff`, `cr cite` and `cr index` read them.
  const rules = chooseRules(rulesArg, io)
  const rulesDir = resolve(io.cwd, rules.dir)
  const version = values.version as string | undefined
  let dir = rulesDir
  if (version !== undefined) {
    const explicit = values.releases as string | undefined
    const root = findReleasesRoot(rulesDir, explicit === undefined ? undefined : resolve(io.cwd, explicit), { fallbackToPackage: rulesArg === undefined || rules.shipped })
    const { all, at } = locateRelease(version, root)
    dir = resolve(all[at]!.dir)
  }
  const files = readRulesDir(dir, io.cwd)
  // The export trusts its input: check it as `cr check` would, and write nothing if it fails.
  // Card data resolves card names to their codes (links in Markdown); old releases name some cards as they were printed then.
  const { model, messages } = compile(files, format.name === 'markdown' && version === undefined ? { cards: loadCards() } : {})
  if (!model || hasErrors(messages)) {
    io.stderr.write(`${formatReport(messages, files)}\ncr export: nothing written\n`)
    return 1
  }
  io.stderr.write(format.write(model, values, io))
  return 0
}
