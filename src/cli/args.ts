/**
 * Flags are declared as data (for `node:util` parseArgs, the runtime's own
 * argument parser — no dependency needed) and help is generated from them.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { suggestClosest } from '../core/ids.ts'

export interface FlagSpec {
  name: string
  type: 'boolean' | 'string'
  short?: string
  value?: string
  description: string
  multiple?: boolean
}

export interface CommandSpec {
  name: string
  summary: string
  usage: string
  flags: FlagSpec[]
}

/**
 * A mistake in how a command was called: printed as one line, `cr cite:
 * error: …` (with what was meant, where it can be told), then a pointer to
 * `cr cite --help`; exit 2. The message says what is wrong, not the whole help.
 */
export class UsageError extends Error {}

/** `did you mean `a`, `b`?` for a list of suggestions (none: empty). */
export function didYouMean(suggestions: readonly string[]): string {
  return suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
}

/** node:util's parse errors, said in our words: the option, what it needs, the flag meant. */
function explainParseError(spec: CommandSpec, error: Error & { code?: string }): string {
  const option = /'(--?[^'\s=<]+)/.exec(error.message)?.[1]
  if (option === undefined) return error.message
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flags = [...spec.flags.map((f) => `--${f.name}`), '--help']
    return `unknown option \`${option}\`${didYouMean(suggestClosest(option, flags))}`
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flag = spec.flags.find((f) => `--${f.name}` === option || (f.short !== undefined && `-${f.short}` === option))
    if (flag?.type === 'string') return `${option} needs a value (\`${option} ${flag.value ?? 'VALUE'}\`)`
    return `${option} takes no value`
  }
  return error.message
}

export function parseCommandArgs(spec: CommandSpec, argv: string[]) {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } }
  for (const f of spec.flags) {
    options[f.name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) }
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(explainParseError(spec, error as Error & { code?: string }))
  }
}

export function helpFor(spec: CommandSpec): string {
  const rows = spec.flags.map((f) => {
    const left = `  ${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.type === 'string' ? ` ${f.value ?? 'VALUE'}` : ''}`
    return `${left.padEnd(30)} ${f.description}`
  })
  rows.push(`${'      --help'.padEnd(30)} show this help`)
  return `${spec.summary}\n\nUsage: ${spec.usage}\n\nOptions:\n${rows.join('\n')}\n`
}
