/**
 * Every diagnostic code the toolchain emits, with what it means. The test
 * suite checks that each code has a fixture that triggers it, under
 * `tests/fixtures/diagnostics/<code>/` (or `tests/fixtures/versions/guard/<code>/`).
 */
import { RETIREMENT_CODES } from './versions/guard.ts'

export const DIAGNOSTIC_CODES = {
  // The ID guard's codes (fixtures in tests/fixtures/versions/guard/<code>/).
  ...RETIREMENT_CODES,
  'file-encoding': 'The file is not valid UTF-8.',
  'file-empty': 'The file is empty (or only comments).',
  'yaml-syntax': 'The file is not valid YAML.',
  'yaml-duplicate-key': 'A mapping has the same key twice.',
  'schema-type': 'A value has the wrong type (e.g. a list where text is expected).',
  'schema-unknown-key': 'A key the format does not have (often a typo; the closest key is suggested).',
  'schema-missing-key': 'A required key is missing (e.g. a rule without `text`).',
  'schema-id-pattern': 'An ID does not follow the ID grammar: a lowercase letter, then letters, digits and `_`, optionally ending in `+` or `.` (`rule_54+`).',
  'schema-too-deep': 'Rules nested deeper than the published document has levels (a subsection inside a subsection).',
  'schema-rule-children': 'A `rule:` with `rules:` under it; the official generator drops them, so write `subsection:` (warning).',
  'schema-flag-content': 'A flag such as `new:` with content under it; the content is lost (warning).',
  'schema-text-as-key': 'Text read as a key because a block is under-indented; the text is lost (warning).',
  'schema-invalid': 'Any other schema violation.',
  'markup-unclosed': 'Inline markup is not closed (`{card:Foo` without `}`, `{n}` without `{/n}`).',
  'markup-unknown-tag': 'An unknown `{tag:…}` (e.g. `{trem:…}`).',
  'markup-empty': 'Markup without content (e.g. `{ref:}`).',
  'symbol-unknown': 'An unknown `[symbol]`.',
  'id-duplicate': 'Two entries share an ID; both places are named.',
  'ref-unknown': 'A reference to an ID that does not exist; the closest IDs are suggested.',
  'ref-range-invalid': 'A `{ref/through:a,b}` range whose ends are not siblings in document order.',
  'card-unknown': 'A `{card:…}` that is not in the card data; the closest titles are suggested.',
  'card-spelling': 'A card name that differs from the printed title only by diacritics or case (warning).',
  'no-chapters': 'A rules directory without chapter files.',
  'release-missing': 'A rules directory without `release.yaml` (warning).',
  // Hostile and careless input (issue 11): what cannot be read, and rule text that cannot be right.
  'file-not-regular': 'A source that is not a regular file (a folder named `02_x.yaml`, a FIFO, a device, a symbolic link out of the folder): refused unread.',
  'file-too-large': 'A source over the size cap (32 MiB for a rules file): refused unread.',
  'file-unreadable': 'A source that cannot be read (permissions, I/O error).',
  'file-not-chapter': 'A YAML file in the rules folder that is not read because of its name (`runs.yaml` without `NN_`) (warning).',
  'file-duplicate': 'Two files for one role (`release.yml` beside `release.yaml`): one would silently win.',
  'release-unreadable': 'A file of a frozen release cannot be read or loaded, so the ID guard cannot check that release.',
  'link-unsafe': 'A `{link:text|url}` whose URL is not http, https or mailto (`javascript:`, `data:`): it would be dropped to plain text.',
  'image-unsafe': 'An `{img:…}` that is not a plain image name inside the site: an external URL, an absolute path or `..` (the PDF printer would fetch it).',
  'text-control-char': 'A control character in rule text (NUL, an ANSI escape, …): invisible, and unsafe in a terminal.',
  'text-bidi-char': 'A bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) in rule text: it reorders what readers see.',
} as const

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES
