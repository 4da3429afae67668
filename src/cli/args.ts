/**
 * Flags are declared as data (for `node:util` parseArgs, the runtime's own
 * argument parser — no dependency needed) and help is generated from them.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'

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

export class UsageError extends Error {}

export function parseCommandArgs(spec: CommandSpec, argv: string[]) {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } }
  for (const f of spec.flags) {
    options[f.name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) }
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
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
