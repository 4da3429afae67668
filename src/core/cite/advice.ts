/**
 * How a message tells its reader to cite a rule, so that the same command
 * reads the citation as meant. Without a baseline, a bare number is read as
 * today's: "cite 6.2.8 or `rule_x`". Under `--baseline`, a bare number is
 * read in the baseline's numbering, so advice never offers one: the ID
 * (stable across releases), or the number with today's edition
 * (`CR v26.03 6.2.8`), which no baseline rereads. Pure.
 */

/** How bare numbers are read in this run, when not as today's. */
export interface NumberReading {
  /** The release whose numbering bare numbers are read in (the baseline's). */
  baseline: string
  /** Today's edition, when it is held (so `CR v26.03 6.2.8` resolves). */
  edition?: string
}

/** `cite 6.2.8 or \`rule_x\``; under a baseline, `cite \`rule_x\` or \`CR v26.03 6.2.8\``. */
export function citeAdvice(rule: { id: string; number?: string | undefined }, reading: NumberReading | undefined): string {
  if (reading === undefined) return rule.number !== undefined ? `cite ${rule.number} or \`${rule.id}\`` : `cite \`${rule.id}\``
  return `cite \`${rule.id}\`${reading.edition !== undefined && rule.number !== undefined ? ` or \`CR ${reading.edition} ${rule.number}\`` : ''}`
}

/** The run's note under a baseline that reads bare numbers in another release's numbering: said once, in every format. */
/** `dropIt`: the baseline is a release or its rules.json, to be dropped; else a coverage file, to be written again. */
export function baselineNote(reading: NumberReading, arg: string, dropIt: boolean): string {
  const then = dropIt
    ? `drop \`--baseline ${arg}\`, or write a coverage file now (\`cr cite --write-coverage coverage.json\`) and pass that as the baseline`
    : `write it again (\`cr cite --write-coverage ${arg}\`), so later runs read numbers as today's`
  return `bare numbers were read as ${reading.baseline}'s (the baseline's numbering), not today's; advice names IDs, or numbers with today's edition${reading.edition ? ` (\`CR ${reading.edition} …\`)` : ''}. Once the citations are updated, ${then}`
}
