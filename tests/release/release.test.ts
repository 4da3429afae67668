import { readGolden } from '../golden.ts'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'
import { citedIds } from '../../src/core/versions/release-check.ts'
import { changelogDebris } from '../../src/core/release/changelog-lint.ts'
import { learnChangelogStyle } from '../../src/core/release/changelog-style.ts'
import { listReleases } from '../../src/io/releases.ts'

const repo = join(import.meta.dirname, '../..')
const held = listReleases(join(repo, 'releases')).map((r) => r.version)

async function run(argv: string[], cwd: string) {
  const io = memoryIo({ cwd })
  const code = await main(argv, io)
  return { code, out: io.out(), err: io.err() }
}

/** A repository as it was just before `version` was frozen: its sources as rules/, the releases before it, today's retirements. */
function before(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cr-release-${version}-`))
  cpSync(join(repo, 'releases', version), join(dir, 'rules'), { recursive: true })
  cpSync(join(repo, 'rules/retired.yaml'), join(dir, 'rules/retired.yaml'))
  mkdirSync(join(dir, 'releases'))
  for (const v of held.filter((x) => x < version)) cpSync(join(repo, 'releases', v), join(dir, 'releases', v), { recursive: true })
  return dir
}

interface Report {
  previous: string | null
  counts: { changed: number; marked: number; unmarked: number; stale: number; examplesChanged: number; examplesUnmarked: number; examplesStale: number; inherited: number; examplesInherited: number } | null
  messages: { code: string; message: string }[]
  inherited: { code: string; message: string }[]
  draft: string[]
}

describe('cr release: replaying the six held releases', () => {
  it('says, for each release, which marks disagree with the changes and drafts a summary citing what the editors cited', async () => {
    const lines: string[] = ['release | previous | new or reworded | marked | unmarked changes | stale marks (left over from previous) | examples changed / unmarked / stale (left over) | drafted entries | published entries | published refs covered by the draft']
    for (const version of held) {
      const dir = before(version)
      const r = await run(['release', version, '--check', '--json'], dir)
      expect(r.code, r.err).toBe(0)
      const report = JSON.parse(r.out) as Report
      const published = (parse(readFileSync(join(repo, 'releases', version, 'changelog.yaml'), 'utf8'))?.changelog ?? []).map((e: { text: string }) => e.text) as string[]
      if (report.counts === null) {
        expect(report.previous).toBeNull()
        lines.push(`${version} | — | (first release: nothing to compare) | | | | | | ${published.length} |`)
        continue
      }
      const c = report.counts
      // Each message is one of the counted problems; the previous release's own marks, left over, are apart.
      expect(report.messages.length).toBe(c.unmarked + c.stale + c.examplesUnmarked + c.examplesStale - c.inherited - c.examplesInherited)
      expect(report.inherited.length).toBe(c.inherited + c.examplesInherited)
      expect(c.marked - c.stale).toBe(c.changed - c.unmarked)
      const cited = citedIds(published)
      const drafted = citedIds(report.draft)
      const covered = [...cited].filter((id) => drafted.has(id)).length
      lines.push(
        `${version} | ${report.previous} | ${c.changed} | ${c.marked} | ${c.unmarked} | ${c.stale} (${c.inherited}) | ${c.examplesChanged} / ${c.examplesUnmarked} / ${c.examplesStale} (${c.examplesInherited}) | ${report.draft.length} | ${published.length} | ${covered}/${cited.size}`,
      )
      // Every draft entry cites something (or names a removed rule), and none carries markup debris; nor does any published entry.
      for (const entry of report.draft) expect(entry).toMatch(/\{ref:|^Remove/)
      expect(report.draft.flatMap((entry) => changelogDebris(entry).map((d) => `${entry}: ${d.message}`))).toEqual([])
      expect(published.flatMap((entry) => changelogDebris(entry).map((d) => `${entry}: ${d.message}`))).toEqual([])
    }
    const table = `${lines.join('\n')}\n`
    console.log(`cr release replay:\n${table}`)
    const golden = join(repo, 'tests/fixtures/release-replay/replay.txt')
    mkdirSync(join(golden, '..'), { recursive: true })
    expect(table).toBe(readGolden(golden, table))
  }, 300_000)
})

describe('cr release: freezing', () => {
  it('refuses until the version and the summary are set, drafts the summary, freezes once and never again', async () => {
    const dir = before('v26.03')
    // Pretend v26.03's changes are being prepared as v26.09 on top of v25.08: rename the folder's release.
    const releaseYaml = join(dir, 'rules/release.yaml')
    const changelog = join(dir, 'rules/changelog.yaml')
    const v2508 = readFileSync(join(repo, 'releases/v25.08/changelog.yaml'), 'utf8')
    writeFileSync(changelog, v2508)

    let r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain("rules/release.yaml says `version: v26.03`, expected `v26.09`")
    // As every diagnostic reads, in text as in --format github: the file, line and column, the code.
    expect(r.err).toMatch(/^rules\/release\.yaml:\d+:1: error\[release-version-mismatch\]: rules\/release\.yaml says `version: v26\.03`/m)
    expect(existsSync(join(dir, 'releases/v26.09'))).toBe(false)

    writeFileSync(releaseYaml, readFileSync(releaseYaml, 'utf8').replace('version: v26.03', 'version: v26.09'))
    r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain("rules/changelog.yaml is still v25.08's summary of changes; run `cr release v26.09 --draft`")
    expect(r.err).toContain('nothing written')

    r = await run(['release', 'v26.09', '--draft'], dir)
    expect(r.code, r.err).toBe(0)
    const drafted = parse(readFileSync(changelog, 'utf8')).changelog as { text: string }[]
    expect(drafted.length).toBeGreaterThan(10)
    // In the words of the summaries before it (v24.03–v25.08 open with "Add"), saying what the rule says.
    expect(drafted.map((d) => d.text)).toContain('Add {ref:rule_melies_u_detail} to clarify that a player playing {card:Méliès U} as their identity may bring any number of copies of that identity along with their deck.')
    expect(readFileSync(changelog, 'utf8')).toContain("# Drafted by `cr release` in the words of the 60 entries of v23.08–v25.08's summaries")
    // The draft is valid: the rules still compile.
    expect((await run(['check', 'rules', '--releases', 'releases'], dir)).code).toBe(0)
    // A second --draft would overwrite the editors' work: refused.
    expect((await run(['release', 'v26.09', '--draft'], dir)).code).toBe(1)

    r = await run(['release', 'v26.09'], dir)
    expect(r.code, r.err).toBe(0)
    expect(r.err).toContain('froze 13 files of rules into releases/v26.09/')
    const frozen = readdirSync(join(dir, 'releases/v26.09')).sort()
    expect(frozen).toEqual(readdirSync(join(dir, 'rules')).filter((n) => n !== 'retired.yaml').sort())
    // Byte for byte, but the note --draft wrote: ours, about a draft, and not part of what is published.
    for (const name of frozen) {
      const source = readFileSync(join(dir, 'rules', name), 'utf8')
      expect(readFileSync(join(dir, 'releases/v26.09', name), 'utf8'), name).toBe(name === 'changelog.yaml' ? source.replace(/^# Drafted by `cr release`.*\n/m, '') : source)
    }
    expect(readFileSync(join(dir, 'releases/v26.09/changelog.yaml'), 'utf8')).not.toContain('Drafted by')
    expect(readdirSync(join(dir, 'releases')).filter((n) => n.startsWith('.'))).toEqual([])
    // The freeze counts the summary it publishes, not what a draft would have.
    expect(r.err).toContain(`the summary of changes has ${drafted.length} entries`)

    r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain('releases/v26.09/ already exists; a release is frozen once and never overwritten')
    // With the new release beside it, the ID guard still passes.
    expect((await run(['check', 'rules'], dir)).code).toBe(0)
    // The next cycle: the summary goes, and the note about it with it; the editors' comments stay.
    r = await run(['release', '--next-cycle'], dir)
    expect(r.code, r.err).toBe(0)
    const cleared = readFileSync(changelog, 'utf8')
    expect(cleared).toMatch(/^changelog: \[\]$/m)
    expect(cleared).not.toContain('Drafted by')
    expect(cleared).toContain('# yaml-language-server: $schema=../schema/changelog.schema.json')
  }, 600_000)

  it('refuses rules that do not compile, a version older than the last release, and bad arguments', async () => {
    const dir = before('v26.03')
    expect((await run(['release', 'v25.01', '--check'], dir)).code).toBe(2)
    expect((await run(['release', 'nope'], dir)).code).toBe(2)
    expect((await run(['release'], dir)).code).toBe(2)
    writeFileSync(join(dir, 'rules/06_runs.yaml'), readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8').replace('{ref:rule_end_the_run}', '{ref:rule_end_teh_run}'))
    const r = await run(['release', 'v26.03'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/error\[unknown-rule\]/)
    expect(r.err).toContain('does not compile')
    expect(existsSync(join(dir, 'releases/v26.03'))).toBe(false)
  }, 600_000)

  it('--strict turns mark problems into a refusal', async () => {
    const dir = before('v25.08')
    writeFileSync(join(dir, 'rules/changelog.yaml'), '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog:\n- text: Something.\n')
    const r = await run(['release', 'v25.08', '--strict'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/warning\[release-unmarked-change\]/)
    // Only warnings were printed: the last line says they are why.
    expect(r.err).toMatch(/nothing written: --strict refuses the \d+ mark problems? above \(release-unmarked-change, release-stale-mark\)/)
    expect(existsSync(join(dir, 'releases/v25.08'))).toBe(false)
    expect((await run(['release', 'v25.08'], dir)).code).toBe(0)
  }, 600_000)
})

/** Today's repository as a scratch copy: rules/ and every release. */
function today(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-release-today-'))
  cpSync(join(repo, 'rules'), join(dir, 'rules'), { recursive: true })
  cpSync(join(repo, 'releases'), join(dir, 'releases'), { recursive: true })
  return dir
}

const edit = (path: string, from: string, to: string) => {
  const text = readFileSync(path, 'utf8')
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`)
  writeFileSync(path, text.replace(from, to))
}

describe('cr release: releases compared by identity (issue 19)', () => {
  it('a rule inserted before 6.1.4 renumbers the chapter, yet --draft, the mark check and the freeze see v26.03\'s summary and marks for what they are', async () => {
    const dir = today()
    edit(join(dir, 'rules/06_runs.yaml'), '  - subsection: rule_end_the_run\n', '  - rule: rule_inserted_before_etr\n    text: A rule inserted before ending the run.\n    new:\n  - subsection: rule_end_the_run\n')
    edit(join(dir, 'rules/release.yaml'), 'version: v26.03', 'version: v26.09')
    // The summary still cites {ref:rule_end_the_run}, which now prints 6.1.5: by identity it is v26.03's.
    let r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain("rules/changelog.yaml is still v26.03's summary of changes")
    expect(existsSync(join(dir, 'releases/v26.09'))).toBe(false)

    r = await run(['release', 'v26.09', '--check', '--json'], dir)
    const report = JSON.parse(r.out) as Report & { summary: string }
    expect(report.summary).toBe('previous')
    // This cycle's findings only: v26.03's own marks are counted apart, and nothing renumbered looks reworded.
    expect(report.messages.map((m) => m.message).join('\n')).not.toMatch(/rule_end_the_run|rule_jacking_out/)
    expect(report.inherited.length).toBe(report.counts!.inherited + report.counts!.examplesInherited)
    expect(report.inherited.length).toBeGreaterThan(50)
    expect(report.draft).toContain('Added {ref:rule_inserted_before_etr} to clarify that a rule inserted before ending the run.')

    r = await run(['release', 'v26.09', '--check'], dir)
    expect(r.err).toMatch(/\d+ marks \(\d+ on rules, \d+ on examples\) are v26\.03's own, on text unchanged since: `cr release --next-cycle` clears them/)
    expect(r.err).not.toContain('release-stale-mark')

    r = await run(['release', 'v26.09', '--draft'], dir)
    expect(r.code, r.err).toBe(0)
    expect(readFileSync(join(dir, 'rules/changelog.yaml'), 'utf8')).toContain('{ref:rule_inserted_before_etr}')
    r = await run(['release', 'v26.09'], dir)
    expect(r.code, r.err).toBe(0)
    expect(existsSync(join(dir, 'releases/v26.09/changelog.yaml'))).toBe(true)
  }, 180_000)

  it('refuses to freeze an empty summary, or one with entries carried over from the last release', async () => {
    const dir = today()
    edit(join(dir, 'rules/release.yaml'), 'version: v26.03', 'version: v26.09')
    const changelog = join(dir, 'rules/changelog.yaml')
    const published = readFileSync(changelog, 'utf8')
    writeFileSync(changelog, published.replace('changelog:\n', 'changelog:\n- text: Added a rule about nothing in particular.\n'))
    let r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/rules\/changelog\.yaml:2: this entry is v26\.03's, carried over unchanged/)
    expect(r.err).toContain('nothing written')
    // An edited summary is the editors' own: --draft does not overwrite it.
    expect((await run(['release', 'v26.09', '--draft'], dir)).code).toBe(1)
    writeFileSync(changelog, '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog: []\n')
    r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toContain('rules/changelog.yaml has no entries')
    expect(existsSync(join(dir, 'releases/v26.09'))).toBe(false)
  }, 180_000)
})

describe('cr release --format: what refuses a freeze, for a CI step', () => {
  it('--format sarif and github carry the refusals as coded diagnostics at their lines; text and the files are as before', async () => {
    const dir = today()
    // A renumbering, v26.03's summary left in place, and release.yaml not yet bumped.
    edit(join(dir, 'rules/06_runs.yaml'), '  - subsection: rule_end_the_run\n', '  - rule: rule_inserted_before_etr\n    text: A rule inserted before ending the run.\n    new:\n  - subsection: rule_end_the_run\n')
    const sarif = await run(['release', 'v26.09', '--format', 'sarif'], dir)
    expect(sarif.code).toBe(1)
    const log = JSON.parse(sarif.out) as { runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] }
    const results = log.runs[0]!.results
    expect(log.runs[0]!.tool.driver.name).toBe('cr release')
    const where = (code: string) => results.filter((r) => r.ruleId === code).map((r) => [r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine])
    const versionLine = readFileSync(join(dir, 'rules/release.yaml'), 'utf8').split('\n').findIndex((l) => l.startsWith('version:')) + 1
    expect(where('release-version-mismatch')).toEqual([['error', 'rules/release.yaml', versionLine]])
    expect(where('release-summary-unchanged')).toEqual([['error', 'rules/changelog.yaml', 1]])
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['release-version-mismatch', 'release-summary-unchanged']))
    // Text goes to stderr only, so the SARIF on stdout is the whole log.
    expect(sarif.err).toContain('cr release: nothing written')
    expect(sarif.err).not.toContain('::error')

    const github = await run(['release', 'v26.09', '--check', '--format', 'github'], dir)
    // --check refuses nothing: the version is a warning there, and the draft YAML is not mixed into the annotations.
    expect(github.code).toBe(0)
    expect(github.out).toMatch(new RegExp(`^::warning file=rules/release\\.yaml,line=${versionLine},col=1,title=cr release%3A release-version-mismatch::`, 'm'))
    expect(github.out).not.toContain('changelog:')
    for (const line of github.out.trim().split('\n')) expect(line).toMatch(/^::(error|warning|notice) /)
    expect(existsSync(join(dir, 'releases/v26.09'))).toBe(false)

    const bad = await run(['release', 'v26.09', '--format', 'xml'], dir)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('unknown format `xml`')
  }, 180_000)
})

describe('cr release --next-cycle', () => {
  it("clears v26.03's marks and summary, and only those, keeping comments and this cycle's marks; a second run clears nothing", async () => {
    const dir = today()
    const runs = join(dir, 'rules/06_runs.yaml')
    // This cycle's work: a new rule (marked), a reworded rule keeping its new: flag, a comment.
    edit(runs, '  - subsection: rule_end_the_run\n', '  - rule: rule_inserted_before_etr\n    text: A rule inserted before ending the run.\n    new:\n  # Keep this comment.\n  - subsection: rule_end_the_run\n')
    edit(runs, 'If a run is in progress, an instruction to end the run also ends any breach and/or access taking place.', 'If a run is in progress, an instruction to end the run also ends any breach or access taking place.')
    let r = await run(['release', '--next-cycle', '--check'], dir)
    expect(r.code, r.err).toBe(0)
    expect(r.err).toMatch(/--next-cycle would clear \d+ `new:` flags, \d+ `\{n\}…\{\/n\}` spans, v26\.03's summary of changes in \d+ files; kept 2 marks of this cycle/)
    expect(r.err).toContain('nothing written')

    r = await run(['release', '--next-cycle'], dir)
    expect(r.code, r.err).toBe(0)
    expect(r.err).toMatch(/started the cycle after v26\.03: cleared/)
    const after = readFileSync(runs, 'utf8')
    expect(after).toContain('# Keep this comment.')
    expect(after).toMatch(/- rule: rule_inserted_before_etr\n {4}text: A rule inserted before ending the run\.\n {4}new:/)
    expect(after).toMatch(/- rule: rule_end_run_access_or_breach_during_run\n {6}text: If a run is in progress, an instruction to end the run also ends any breach or access taking place\.\n {6}new:/)
    expect(after).not.toContain('{n}')
    expect(readFileSync(join(dir, 'rules/changelog.yaml'), 'utf8')).toMatch(/^changelog: \[\]$/m)
    // Only marks left: the rules compile, in cr fmt's layout, and the mark check has nothing of v26.03's.
    expect((await run(['check', 'rules'], dir)).code).toBe(0)
    expect((await run(['fmt', '--check', 'rules'], dir)).code).toBe(0)
    edit(join(dir, 'rules/release.yaml'), 'version: v26.03', 'version: v26.09')
    const report = JSON.parse((await run(['release', 'v26.09', '--check', '--json'], dir)).out) as Report
    expect(report.inherited).toEqual([])
    expect(report.counts!.stale + report.counts!.examplesStale).toBe(0)

    r = await run(['release', '--next-cycle'], dir)
    expect(r.code).toBe(0)
    expect(r.err).toContain("nothing of v26.03's to clear")
  }, 180_000)

  it("keeps every comment and blank line the editors wrote, through cr fmt and --next-cycle (the editor's report)", async () => {
    const dir = today()
    const runs = join(dir, 'rules/06_runs.yaml')
    const abilities = join(dir, 'rules/09_abilities.yaml')
    const note = '# NOTE(editor): end-the-run block reviewed by judges 2026-05'
    edit(runs, '      new:\n  - subsection: rule_end_the_run\n', `      new:\n  ${note}\n  - subsection: rule_end_the_run\n`)
    edit(runs, '    - rule: rule_end_encounter_outside_run\n', '    - rule: rule_end_encounter_outside_run # C5 on an ID\n')
    edit(abilities, '    - rule: rule_delayed_run_ends_condition_outside_run\n', '    # C6 above a flagged rule\n    - rule: rule_delayed_run_ends_condition_outside_run\n')
    // cr fmt leaves the comment on its own line (it used to move it onto the flag: `new: # NOTE…`).
    expect((await run(['fmt', 'rules'], dir)).code).toBe(0)
    expect(readFileSync(runs, 'utf8')).toContain(`      new:\n  ${note}\n  - subsection: rule_end_the_run\n`)
    const comments = (text: string) => text.split('\n').filter((l) => l.includes('#')).map((l) => l.slice(l.indexOf('#')))
    const blanks = (text: string) => text.split('\n').filter((l) => l.trim() === '').length
    const before = new Map([runs, abilities].map((f) => [f, readFileSync(f, 'utf8')]))
    const r = await run(['release', '--next-cycle'], dir)
    expect(r.code, r.err).toBe(0)
    for (const [file, text] of before) {
      const after = readFileSync(file, 'utf8')
      expect(comments(after), file).toEqual(comments(text))
      expect(blanks(after), file).toBe(blanks(text))
    }
    expect(readFileSync(runs, 'utf8')).toContain(`See {ref:subsec_fully_break}.\n  ${note}\n  - subsection: rule_end_the_run\n`)
    // The blank line between two subsections of chapter 9, after a flagged example, stays.
    expect(readFileSync(abilities, 'utf8')).toMatch(/will not be trashed\.\n\n {2}- subsection: rule_references_to_trigger_conditions\n/)
  }, 180_000)

  it('keeps a summary already being edited, and writes nothing while a file does not load', async () => {
    const dir = today()
    const changelog = join(dir, 'rules/changelog.yaml')
    writeFileSync(changelog, '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog:\n- text: Added a rule.\n')
    let r = await run(['release', '--next-cycle'], dir)
    expect(r.code, r.err).toBe(0)
    expect(r.err).toContain("kept changelog.yaml: it is not v26.03's summary any more")
    expect(readFileSync(changelog, 'utf8')).toContain('Added a rule.')

    const dir2 = today()
    const runs = join(dir2, 'rules/06_runs.yaml')
    const before = readFileSync(join(dir2, 'rules/01_game_concepts.yaml'), 'utf8')
    writeFileSync(runs, `${readFileSync(runs, 'utf8')}\n\tbroken: [\n`)
    r = await run(['release', '--next-cycle'], dir2)
    expect(r.code).toBe(1)
    expect(r.err).toContain('nothing written')
    expect(readFileSync(join(dir2, 'rules/01_game_concepts.yaml'), 'utf8')).toBe(before)
    expect((await run(['release', 'v26.09', '--next-cycle'], dir2)).code).toBe(2)
  }, 180_000)
})

describe('the summary of changes: the rules team\'s words, no debris', () => {
  it('learns the tense from the newest summaries: "Added" in v23.08, "Add" from v24.03 to v25.08, "Added" again in v26.03', () => {
    const summaries = held.map((v) => ({ version: v, texts: ((parse(readFileSync(join(repo, 'releases', v, 'changelog.yaml'), 'utf8'))?.changelog ?? []) as { text: string }[]).map((e) => e.text) }))
    const upTo = (v: string) => learnChangelogStyle(summaries.filter((s) => s.version <= v))
    expect(upTo('v23.08').verbs.add).toBe('Added')
    expect(upTo('v25.08').verbs.add).toBe('Add')
    expect(upTo('v26.03').verbs).toMatchObject({ add: 'Added', update: 'Updated', remove: 'Removed' })
    expect(upTo('v26.03').purpose).toBe('to clarify')
  })

  it('names debris where it is: a freeze refuses it, --check warns', async () => {
    const dir = today()
    edit(join(dir, 'rules/release.yaml'), 'version: v26.03', 'version: v26.09')
    writeFileSync(join(dir, 'rules/changelog.yaml'), '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog:\n- text: "Removed 6.1.3 (`rule_x`), superseded by {ref:rule_end_the_run}.."\n- text: Added {ref:rule_run} to clarify TODO\n')
    let r = await run(['release', 'v26.09', '--check'], dir)
    expect(r.err).toMatch(/rules\/changelog\.yaml:3:9: warning\[release-changelog-debris\]: Summary entry 1: Unexpected backtick/)
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/warning\[release-changelog-debris\]: Summary entry 1: Unexpected `\.\.`: a doubled or stray stop/)
    expect(r.err).toMatch(/warning\[release-changelog-debris\]: Summary entry 2: Unexpected placeholder `TODO`/)
    r = await run(['release', 'v26.09'], dir)
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/error\[release-changelog-debris\]/)
    expect(r.err).toContain('rules/changelog.yaml has markup debris in 4 places (above); a summary is published as it is written')
    expect(existsSync(join(dir, 'releases/v26.09'))).toBe(false)
  }, 600_000)
})
