import { clipText } from '../../core/clip-text.ts'
import { buildLookup, findRule } from '../../core/lookup.ts'
import type { RuleEntry } from '../../core/types.ts'
import type { CliIo } from '../cli-io.ts'
import { escapeForTerminal } from '../../core/terminal-text.ts'
import { parseCommandArgs, UsageError, type CommandSpec } from '../args.ts'
import { hasErrors } from '../../core/diagnostics.ts'
import { normalizeNumber, olderEdition, parseCitation } from '../../core/ids.ts'
import { describeMeaning, explainNumber } from '../../core/versions/number-ledger.ts'
import type { CompiledDocument } from '../../core/types.ts'
import { commandContext } from '../../io/context.ts'
import { chooseRules, readShippedDocument } from '../../io/shipped-rules.ts'

export const showSpec: CommandSpec = {
  name: 'show',
  summary: 'Print a rule by ID or number',
  usage: 'cr show <id | number> [--version V] [--dir DIR] [--json]   (e.g. cr show 6.1.4, cr show rule_end_the_run, cr show 6.1.4 --version v24.03, cr show "CR 24.03 §6.1.4")',
  flags: [
    { name: 'dir', type: 'string', value: 'DIR', description: 'rules directory (default: ./rules when there is one, else the rules this package ships)' },
    { name: 'json', type: 'boolean', description: 'print the entry as JSON' },
    { name: 'version', type: 'string', value: 'V', description: 'look the number or ID up in release V (e.g. v24.03) and say where it is today' },
    { name: 'releases', type: 'string', value: 'DIR', description: 'releases directory for --version (default: releases/ beside the rules)' },
  ],
}

/**
 * The package's own rules are read from its compiled index; compiling (and
 * the modules it needs) is loaded only for a rules folder, a release or a
 * retired ID.
 */
export async function showCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(showSpec, argv)
  const query = positionals.join(' ').trim()
  if (!query) throw new UsageError('missing rule ID or number')
  const ctx = commandContext(io)
  const rules = chooseRules(values.dir as string | undefined, ctx)
  // An edition from before the releases kept here (`CR 1.8 9.1.8g`): said so, never read as today's rule.
  const older = values.version === undefined ? olderEdition(query) : undefined
  if (older) {
    io.stderr.write(`cr show: error[edition-not-held]: \`CR ${older.edition}\` is an edition not held here, so its ${older.query} is not read as today's; \`cr show ${older.query}\` shows today's ${older.query}, which may be another rule\n`)
    return 1
  }
  // `--version v24.03`, or a citation that names its release: `CR v24.03 6.1.4`.
  const cited = parseCitation(query)
  const version = (values.version as string | undefined) ?? cited.version
  if (version !== undefined) {
    const options = { rules, releases: values.releases as string | undefined, json: Boolean(values.json), format: formatEntry }
    const { showInVersion } = await import('./show-version.ts')
    return showInVersion(version, cited.version !== undefined ? cited.query : query, options, io, ctx)
  }
  let document: CompiledDocument | undefined = rules.shipped ? readShippedDocument() : undefined
  if (!document) {
    const { formatReport, openCurrent } = await import('../../io/releases.ts')
    const result = openCurrent(rules, ctx)
    if (!result.document || hasErrors(result.messages)) {
      io.stderr.write(`${formatReport(result.messages, result.files)}\n`)
      return 1
    }
    document = result.document
  }
  const table = buildLookup(document.rules)
  const found = findRule(table, query)
  let entry = found.entry
  const suggestions = found.suggestions
  // Retired IDs keep working: show where they went.
  const moved = entry ? undefined : (await import('./show-version.ts')).retiredNote(rules.dir, query, document.rules, ctx)
  if (moved) {
    io.stderr.write(`cr show: ${moved.note}\n`)
    entry = moved.id !== undefined ? table.byId.get(moved.id) : undefined
    if (!entry) return 1
  }
  // A number is told with its history: what it named in the held releases, and where that rule is today.
  const number = moved ? undefined : normalizeNumber(query)
  if (number !== undefined && (!entry || entry.number === number)) {
    const { readNumberLedger } = await import('../../io/number-history.ts')
    const ledger = await readNumberLedger(rules, ctx)
    const { earlier } = ledger ? explainNumber(ledger, number, (n) => table.byNumber.get(n)?.id) : { earlier: [] }
    const told = earlier.map((m) => describeMeaning(m, ledger!.versions, (id) => table.byId.get(id)?.number))
    // The working text is never called by a published release's name (`v26.03+` while it differs).
    const label = earlier.length === 0 ? document.release.version : (await import('../../io/working-label.ts')).workingLabel(rules, document.release.version, ctx)
    if (!entry && earlier.length > 0) {
      const newest = earlier[0]!
      const today = newest.currentId === undefined ? undefined : table.byId.get(newest.currentId)
      if (!today) {
        io.stderr.write(`cr show: error[removed-rule]: the rules of ${label} have no ${number}: ${told.join('; ')}\n`)
        return 1
      }
      io.stderr.write(`cr show: warning[old-number]: the rules of ${label} have no ${number}: ${told.join('; ')}; showing ${today.number}\n`)
      entry = today
    } else if (entry && earlier.length > 0) {
      io.stderr.write(`cr show: note[number-changed-meaning]: ${number} is \`${entry.id}\` in ${label}; but ${told.join('; ')}\n`)
    }
  }
  if (!entry) {
    const help = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''
    io.stderr.write(`cr show: error[unknown-rule]: no rule \`${query}\`${help}\n`)
    return 1
  }
  if (values.json) {
    io.stdout.write(`${JSON.stringify(entry, null, 2)}\n`)
    return 0
  }
  io.stdout.write(formatEntry(entry, table.byId))
  return 0
}

export function formatEntry(e: RuleEntry, byId: Map<string, RuleEntry>): string {
  const section = e.section && e.section !== e.id ? byId.get(e.section) : undefined
  const where = section ? ` — section ${section.number} ${section.title ?? ''}`.trimEnd() : ''
  const lines = [`${e.number}  ${e.id}  (${e.kind}${where})`, '', e.text]
  for (const ex of e.examples) lines.push('', `  Example: ${ex.text}`)
  if (e.children.length > 0) {
    lines.push('')
    for (const id of e.children) {
      const c = byId.get(id)
      if (c) lines.push(`  ${c.number.padEnd(9)} ${c.id}  ${clipText(c.text, 90)}`)
    }
  }
  // Rule text is data: no control character reaches the terminal raw.
  return `${escapeForTerminal(lines.join('\n'))}\n`
}
