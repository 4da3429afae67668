/**
 * Every diagnostic code the toolchain emits, in one registry: its severity,
 * which commands emit it, what it means, and its anchor in the README's
 * "Diagnostic codes" table. `diagnostic()` takes only these codes, so a new
 * code cannot be emitted without an entry here. One concept, one code: an ID
 * or number that does not exist is `unknown-rule` whether it is written in a
 * `{ref:…}` of the rules, cited in an engine's code, or asked of `cr show`.
 *
 * The test suite checks that each code `cr check` emits has a fixture
 * (`tests/fixtures/diagnostics/<code>/` or `tests/fixtures/versions/guard/<code>/`),
 * and that the README lists every code with its anchor.
 *
 * A leaf: it imports nothing, so every module that emits a code can import it
 * (ESLint's rule `meta`, Biome's categories). A test keeps src/core free of cycles.
 */

export type CodeSeverity = 'error' | 'warning' | 'hint'
export type CodeTool = 'check' | 'cite' | 'show' | 'release' | 'fmt'

export interface CodeInfo {
  /** The severity it is reported with (`schema-*` source defects are warnings so published releases compile). */
  severity: CodeSeverity
  tools: readonly CodeTool[]
  summary: string
}

const code = (severity: CodeSeverity, tools: CodeTool[], summary: string): CodeInfo => ({ severity, tools, summary })
const check = (summary: string, severity: CodeSeverity = 'error') => code(severity, ['check'], summary)

export const DIAGNOSTIC_CODES = {
  'file-encoding': check('The file is not valid UTF-8.'),
  'file-empty': check('The file is empty (or only comments).'),
  'yaml-syntax': check('The file is not valid YAML.'),
  'yaml-duplicate-key': check('A mapping has the same key twice.'),
  'yaml-collection-key': check('A mapping or sequence used as a key (`? [a, b]`, `{[a]: 1}`): valid YAML, but keys are plain text.'),
  'yaml-too-deep': check('Collections nested deeper than 64 levels (the rules nest 11), or as deep once aliases are expanded: refused before a parser or walk could run out of stack.'),
  'yaml-alias-limit': check('More than 100 aliases (`*name`) in a file, or aliases that expand to more than 100,000 nodes (a "billion laughs" file): refused before anything expands them.'),
  'schema-type': check('A value has the wrong type (e.g. a list where text is expected).'),
  'schema-unknown-key': check('A key the format does not have (often a typo; the closest key is suggested).'),
  'schema-missing-key': check('A required key is missing (e.g. a rule without `text`).'),
  'schema-id-pattern': check('An ID does not follow the ID grammar: a lowercase letter, then letters, digits and `_`, optionally ending in `+` or `.` (`rule_54+`).'),
  'schema-too-deep': check('Rules nested deeper than the published document has levels (a subsection inside a subsection).'),
  'schema-rule-children': check('A `rule:` with `rules:` under it; the official generator drops them, so write `subsection:`.', 'warning'),
  'schema-flag-content': check('A flag such as `new:` with content under it; the content is lost.', 'warning'),
  'schema-text-as-key': check('Text read as a key because a block is under-indented; the text is lost.', 'warning'),
  'schema-key-as-text': check('A key indented deeper than the text above it (`rules` at 5 spaces under `text:` at 4), without the `: ` that would make it a syntax error: YAML reads it as more of the text, and what it holds is lost.', 'warning'),
  'schema-invalid': check('Any other schema violation.'),
  'chapter-page-reserved': check('A chapter ID whose page would be one of the site\'s own pages (`chpt_glossary` → `/glossary/`, also `search`, `cards`, `full`, `r`, …): the site would hide the chapter behind it.'),
  'markup-unclosed': check('Inline markup is not closed (`{card:Foo` without `}`, `{n}` without `{/n}`).'),
  'markup-unknown-tag': check('An unknown `{tag:…}` (e.g. `{trem:…}`).'),
  'markup-empty': check('Markup without content (e.g. `{ref:}`).'),
  'markup-stray-brace': check('A `{` or `}` outside markup, the debris of a slip (`{{ref:x}}`, `{ref:x}}`, `{ref :x}`), which would be published as is; literal braces are written `{curly:x}`.'),
  'symbol-unknown': check('An unknown `[symbol]`.'),
  'id-duplicate': check('Two entries share an ID; both places are named.'),
  'unknown-rule': code('error', ['check', 'cite', 'show'], `An ID or number the rules do not define: in a \`{ref:…}\` of the rules or of a retirement's reason, cited in an engine, or asked of \`cr show\`; the closest real IDs are suggested.`),
  'ref-range-invalid': check('A `{ref/through:a,b}` range whose ends are not siblings in document order.'),
  'card-unknown': check('A `{card:…}` that is not in the card data; the closest titles are suggested.'),
  'card-spelling': check('A card name that differs from the printed title only by diacritics or case.', 'warning'),
  'no-chapters': check('A rules directory without chapter files.'),
  'release-missing': check('A rules directory without `release.yaml`.', 'warning'),
  // Hostile and careless input (issue 11): what cannot be read, and rule text that cannot be right.
  'file-not-regular': code('error', ['check', 'cite'], 'A source that is not a regular file (a folder named `02_x.yaml`, a FIFO, a device, a symbolic link out of the folder): refused unread (`cr cite`: not scanned, a warning).'),
  'file-too-large': code('error', ['check', 'cite'], 'A source over the size cap (32 MiB for a rules file, 16 MiB for a scanned file): refused unread.'),
  'file-unreadable': code('error', ['check', 'cite'], 'A source that cannot be read (permissions, I/O error).'),
  'file-not-chapter': check('A YAML file in the rules folder that is not read because of its name (`runs.yaml` without `NN_`).', 'warning'),
  'file-duplicate': check('Two files for one role (`release.yml` beside `release.yaml`): one would silently win.'),
  'release-unreadable': check('A file of a frozen release cannot be read or loaded, so the ID guard cannot check that release.'),
  'link-unsafe': check('A `{link:text|url}` whose URL is not http, https or mailto (`javascript:`, `data:`): it would be dropped to plain text.'),
  'image-unsafe': check('An `{img:…}` that is not a plain image name inside the site: an external URL, an absolute path or `..` (the PDF printer would fetch it).'),
  'text-control-char': check('A control character in rule text (NUL, an ANSI escape, …): invisible, and unsafe in a terminal.'),
  'text-invisible-char': check('A character that prints as nothing in rule text (a zero-width space or joiner, a soft hyphen, a direction mark, a variation selector, …): `{term:run\u200b}` would define a second term that reads "run".'),
  'text-bidi-char': check('A bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) in rule text: it reorders what readers see.'),
  // Writing (src/io/durable-write.ts): a write the disk did not take whole is never renamed over anything.
  'fmt-layout': code('error', ['fmt'], 'The file is not in `cr fmt`\'s canonical layout (`cr fmt --check`); `cr fmt` rewrites it, comments kept.'),
  'write-failed': code('error', ['fmt', 'release', 'cite'], 'A file could not be written whole (a full disk, a read-only folder, a symbolic link in the way): nothing was replaced, the file is as it was.'),
  'file-changed': code('error', ['fmt', 'release'], 'A source changed on disk while the command ran (an editor saved it): it is left as it is now, not replaced by what was made from the text read before; run the command again.'),
  // `cr release` (src/core/versions/release-check.ts).
  'release-unmarked-change': code('warning', ['release'], 'A rule or example whose text changed since the previous release (or that is new) carries no `new:` flag and no `{n}…{/n}` span.'),
  'release-stale-mark': code('warning', ['release'], 'A `new:` flag or `{n}…{/n}` span on a rule or example whose text did not change since the previous release.'),
  'release-version-mismatch': code('error', ['release'], '`release.yaml` names another version than the one being released (`version: v26.03` for `cr release v26.09`): a warning with `--check` and `--draft`; the freeze refuses it.'),
  'release-summary-unchanged': code('error', ['release'], '`changelog.yaml` is still the previous release\'s summary of changes (compared by identity, so a renumbering does not disguise it): the freeze refuses it; `--draft` replaces it.'),
  'release-summary-empty': code('error', ['release'], '`changelog.yaml` has no entries: the freeze refuses to publish a release that says nothing about what changed.'),
  'release-summary-carried': code('error', ['release'], 'A summary-of-changes entry carried over unchanged from the previous release: the freeze refuses it; remove it or say what changed.'),
  'release-changelog-debris': code('error', ['release'], 'A summary-of-changes entry with markup debris (a raw backtick, a doubled period, a `{n}` mark, a `{term:…}`, a placeholder, no final period): a warning with `--check` and `--draft`; the freeze refuses it.'),
  // The ID guard (fixtures in tests/fixtures/versions/guard/<code>/).
  'id-missing': check('An ID some release defines is neither in the current rules nor retired in `retired.yaml`; the release is named.'),
  'retired-unknown-target': check('A `renamed_to`, `merged_into` or `split_into` target that is neither defined nor itself retired.'),
  'retired-still-present': check('A retired ID that the current rules still define.'),
  'retired-cycle': check('Renames that lead back to where they started.'),
  'retired-duplicate': check('The same ID retired twice.'),
  'retired-unknown-id': check('A retired ID that no release defines (often a typo) (warning).', 'warning'),
  'retired-wrong-release': check('`release` is not the last release that defines the ID (warning).', 'warning'),
  // `cr cite` (tests/cite/).
  'stale-pair': code('error', ['cite'], 'A number written beside an ID, as its label or as data, that disagrees with it (two citations in a list are no pair); the ID wins and its number is given, with the releases where the old number was that rule\'s.'),
  'renamed-rule': code('warning', ['cite'], 'A cited ID that was renamed, merged or split; the citation counts for the new ID (warning).'),
  'removed-rule': code('error', ['cite'], 'A cited ID that was removed from the rules without a successor.'),
  'imprecise-citation': code('hint', ['cite'], 'A cited rule that has sub-rules or steps; citing the one that applies is more precise (hint).'),
  'old-release-citation': code('hint', ['cite'], 'A citation that names a release (`CR v24.03 6.1.4`): the rule it meant, its number today, and whether its text changed since (hint).'),
  'unknown-release': code('error', ['cite'], 'A citation that names a release the rules never had; the known releases are listed.'),
  'edition-not-held': code('warning', ['cite'], 'A citation that names an edition of the CR not held here (`CR 1.8 9.1.8g`, before v22.12): not checked, and never read as today\'s rule (warning).'),
  'changed-rule': code('warning', ['cite'], 'A cited rule whose text changed since the baseline (`cr cite --baseline FILE`): re-read it and update the code (warning).'),
  'old-number': code('warning', ['cite', 'show'], 'A number today\'s rules do not have but a held release printed (`CR 10.5.5`): the rule it named then and where that rule is today; the citation counts for it (warning).'),
  'number-changed-meaning': code('hint', ['cite', 'show'], 'A number that names a rule today but named another in a held release (`6.2.5` was `rule_move_runner_to_position` until v24.03): read as today\'s rule; write the ID beside it to say which (hint).'),
  'renumbered-since-baseline': code('warning', ['cite'], 'A number that meant another rule in the release the code was written against (`--baseline`): the citation counts for the rule it meant, and its number today is given (warning).'),
  'file-binary': code('warning', ['cite'], 'A binary file named on the command line (by extension), or found by content while walking (hint): not scanned.'),
  'results-invalid': code('error', ['cite'], 'A test results file (`cr cite --results`) that is not JUnit XML or the run-time log `cite()` writes: where it is malformed.'),
  'exceptions-invalid': code('error', ['cite'], 'The exceptions file lists a rule the rules do not define, or an entry without a reason.'),
  'exception-covered': code('hint', ['cite'], 'A rule the exceptions file says is not covered, that is covered: the exception can go.'),
  'coverage-below': code('error', ['cite'], 'Coverage under the minimum (`--min-coverage`, `cite.minCoverage`), overall or in a chapter.'),
  'not-counted': code('hint', ['cite'], 'A file that looks like a copy of the CR (it cites 100 rules or more as documentation, 300 or more otherwise): neither checked nor counted.'),
  'config-invalid': code('error', ['cite'], 'The `cr.config.json` file does not match its schema, or a pattern is not a valid regular expression.'),
} as const satisfies Record<string, CodeInfo>

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES

/** Where a code is explained: its row in the README's "Diagnostic codes" table. */
export const CODES_DOCS = 'https://github.com/netrunner-cr/netrunner-cr#diagnostic-codes'

export function docsUrl(code: DiagnosticCode): string {
  return `https://github.com/netrunner-cr/netrunner-cr#code-${code}`
}

export function isDiagnosticCode(value: string): value is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, value)
}
