/**
 * Other documents' rule numbers: a marker is the CR's only when nothing
 * before it names another document, and a number is the CR's only when it
 * could be one.
 *
 * - `MISRA C:2012 Rule 10.4`, `Deviates from MISRA-C:2004 rule 10.1`,
 *   `Flesh and Blood Comprehensive Rules 1.0.1a`, `Riftbound CR 103.2`,
 *   `the MTR rule 4.2`: a name written just before the marker (an acronym, a
 *   word with a digit or a colon in it, or a capitalised word in mid-sentence)
 *   that is not the game's own (`Netrunner`, `NSG`, `Nisei`, `Corp`, …) nor a
 *   comment's tag (`TODO`, `NOTE`) makes the numbers after it that document's.
 * - `CR 601.2a`, `CR 702.19b`: a first part of three digits is never the CR's
 *   (its chapters are numbered 1 to 11); it is Magic's numbering, or another's.
 * - A file whose header names another game's Comprehensive Rules (`Reference: Flesh
 *   and Blood Comprehensive Rules Section 8.3`, `Based on Grand Archive
 *   Comprehensive Rules v1.1.3`) and never Netrunner is about that game: its
 *   numbers (`(Rule 8.3.1)`) are that game's, none is read; IDs still are.
 * - After the weak markers (`rule 8.13`, `Rule 1.0.1`, `step 2.0.3`), a number
 *   whose section was never one of the CR's (no section 8.13, no section 1.0)
 *   is another document's; `CR 8.13` stays an error.
 *
 * Pure; read only where a marker matched, so nothing here costs a scan of
 * text without citations.
 */
import { isAlnum, isBlank } from '../chars.ts'
import type { ScannerSetup } from './context.ts'
import type { CiteTable } from './table.ts'

/** The game's own names and words, and comment tags: never another document's name. */
const OWN = new Set([
  'CR', 'CRS', 'NSG', 'ANR', 'FFG', 'NISEI', 'NULL', 'SIGNAL', 'GAMES', 'NETRUNNER', 'JINTEKI', 'NRDB',
  'COMPREHENSIVE', 'RULES', 'RULE', 'CORP', 'RUNNER', 'RUN', 'TURN', 'ICE', 'HQ', 'RD', 'R&D', 'MU', 'ID', 'IDS', 'THE', 'OFFICIAL', 'CURRENT', 'LATEST', 'NEW', 'OLD',
  'TODO', 'FIXME', 'NOTE', 'NB', 'XXX', 'HACK', 'BUG', 'SAFETY', 'WARNING', 'WARN', 'INFO', 'IMPORTANT', 'SEE', 'PER', 'IMPL', 'TEST', 'TESTS', 'SPEC', 'OK',
])

/**
 * The game's own vocabulary: every word of every rule ID (`phase`, `checkpoint`, `archives`, `ice`), so
 * `the Success Phase CR 6.9.5` and `the Checkpoint 10.3.1` name no other document. Once per table.
 */
const vocabularies = new WeakMap<CiteTable, ReadonlySet<string>>()
function gameWords(table: CiteTable): ReadonlySet<string> {
  let words = vocabularies.get(table)
  if (words === undefined) {
    const set = new Set<string>()
    for (const id of table.byId.keys()) for (const w of id.toLowerCase().split('_')) if (w.length >= 3) set.add(w)
    vocabularies.set(table, (words = set))
  }
  return words
}

/** Words that start a sentence before a marker without naming anything (`Per CR 6.1.4`, `See Comprehensive Rules 6.1`). */
const STARTERS = new Set(['Per', 'See', 'Under', 'In', 'From', 'By', 'As', 'Also', 'Via', 'Using', 'Following', 'And', 'Or', 'The', 'A', 'An', 'Of', 'For', 'To', 'With', 'Within', 'Against', 'According', 'Official', 'Current', 'Latest', 'New', 'Old', 'Updated', 'Cf', 'Ref', 'Re', 'Is', 'Was', 'Both', 'Each', 'Every', 'This', 'That', 'These', 'Those', 'Our', 'Their', 'Its', 'Same', 'Like', 'Unlike', 'Before', 'After', 'Until', 'Since'])

/** After the numbers: `of the Ruff docs`, `in MTR`, `of RFC 2616`, `of our style guide` — another document. */
const OF_NAME = /^[ \t]*,?[ \t]*(?:of|in|from)[ \t]+(?:(our|my|your|their)\b|(?:the[ \t]+)?([A-Za-z][A-Za-z0-9:&+\-_.\/]*))/

/** Do the words after a citation's numbers (ending at `end`) say they are another document's (`rule 6.1.4 of the Ruff docs`)? */
export function followedByOtherDocument(table: CiteTable, text: string, end: number): boolean {
  const m = OF_NAME.exec(text.slice(end, end + 60))
  if (m === null) return false
  // `rules 6.1 and 6.2 of our style guide`: someone's own document.
  if (m[1] !== undefined) return true
  const word = m[2]!
  const letters = word.replace(/[^A-Za-z&]/g, '')
  if (OWN.has(letters.toUpperCase()) || gameWords(table).has(letters.toLowerCase())) return false
  return /[0-9:]/.test(word) || (letters.length >= 2 && letters === letters.toUpperCase()) || /^[A-Z][a-z]/.test(word)
}

/**
 * Does the text just before the marker at `markerAt` name a document other than the CR? `strong`: the marker
 * is a name itself (`CR`, `Comprehensive Rules`), so a capitalised word starting the sentence before it is
 * that name's owner too (`// Lorcana Comprehensive Rules 1.2.1`), unless it is a verb or a preposition.
 * `owned`: a word before the marker may make it someone else's (`our rule`, `golint rule`, `RFC §`): every
 * marker but the CR's own names.
 */
export function namedOtherDocument(table: CiteTable, text: string, markerAt: number, strong = false, owned = !strong): boolean {
  // `our house rule 3.2.1`, `the lint rule 4.2`, `golint rule 6.1.4`: a marker someone else's by the word
  // before it (`rule`, `step`, a configured `§` or `section`; never `CR`, the game's own name).
  if (owned && ownedByOthers(table, text, markerAt)) return true
  // Read backwards in place, a bounded look: this runs for every marker of a tree.
  const w = wordBefore(text, markerAt)
  if (w === undefined) return false
  // `WCAG 2.1 rule 1.4.3`, `ISO 26262 rule 8.4.2`, `PEP 8 rule 4.2`: a name and its version or number.
  if (/^\d+(?:\.\d+)*$/.test(w.word)) {
    const name = wordBefore(text, w.start)
    return name !== undefined && isName(table, text, name, false, true)
  }
  return isName(table, text, w, strong, false)
}

/** The word that ends, blanks between, just before `at`; undefined when there are no blanks or no word. */
function wordBefore(text: string, at: number): { word: string; start: number } | undefined {
  let i = at - 1
  if (i < 0 || !isBlank(text.charCodeAt(i))) return undefined
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--
  const wordEnd = i + 1
  while (i >= 0 && wordEnd - i <= 40 && isWordChar(text.charCodeAt(i))) i--
  // The word starts at a letter or digit (`(MISRA` → `MISRA`).
  let start = i + 1
  while (start < wordEnd && !isAlnum(text.charCodeAt(start))) start++
  return start < wordEnd ? { word: text.slice(start, wordEnd), start } : undefined
}

/** Is this word another document's name? `versioned`: a version follows it (`WCAG 2.1`), which any capitalised word may own. */
function isName(table: CiteTable, text: string, { word, start }: { word: string; start: number }, strong: boolean, versioned: boolean): boolean {
  // `phase runs: CR 5.6.2d`, `ends. CR 6.1.4`: a label or a sentence ends before the marker.
  if (/[:.,;\/\-]$/.test(word)) return false
  const letters = word.replace(/[^A-Za-z&]/g, '')
  if (letters === '' || OWN.has(letters.toUpperCase()) || gameWords(table).has(letters.toLowerCase())) return false
  // A version of the CR itself (`v24.03 rule 6.1.4`) or a number: not a name.
  if (/^[vV]?\d/.test(word)) return false
  // `C:2012`, `MISRA-C:2004`, `ISO26262`, `PEP8`: a name with a number in it.
  if (/[0-9:]/.test(word)) return true
  // `MISRA`, `MTR`, `RFC`, `FAB`: an acronym.
  if (letters.length >= 2 && letters === letters.toUpperCase()) return true
  // `Flesh and Blood Comprehensive Rules`, `the official Lorcana CR`: a capitalised word in mid-sentence.
  if (!/^[A-Z][a-z]/.test(word)) return false
  if (versioned) return !STARTERS.has(word)
  let k = start - 1
  while (k >= 0 && isBlank(text.charCodeAt(k))) k--
  const before = k < 0 ? 10 : text.charCodeAt(k)
  if (isAlnum(before) || before === 44 /* , */) return true
  // At a sentence's start: `Lorcana CR`, not `Per CR`, `Implements CR` (a verb), `Magic's CR`.
  return strong && !STARTERS.has(word) && !/[^s]s$/.test(word)
}

/** Before `rule` or `step`: whose it is (`our rule`, `my rules`), as `of our style guide` after the numbers says. */
const POSSESSIVE = new Set(['our', 'my', 'your', 'their', 'his', 'her', 'own'])
/**
 * Before `rule` or `step`: a kind of rule that is not the game's (`house rule 3.2.1`, `team rule`, `lint
 * rule`, `style rule`): the engine team's, a tournament's. Wins over the game's own words (`tournament` is
 * a word of an ID, the Tournament Rules another document).
 */
const QUALIFIER = new Set([
  'house', 'team', 'project', 'company', 'internal', 'local', 'custom', 'engine', 'homebrew', 'variant', 'casual', 'table', 'club', 'league', 'tournament',
  'lint', 'linter', 'linting', 'style', 'styleguide', 'coding', 'naming', 'formatting', 'review', 'business', 'validation', 'firewall', 'routing', 'css',
  'compiler', 'analyzer', 'analyser', 'parser', 'lexer', 'grammar', 'regex', 'schema', 'security', 'accessibility', 'a11y', 'iptables', 'nginx', 'cors',
])
/**
 * Tools and standards whose rules are numbered or named (`golint rule`, `MISRA rule`, `PEP 8`): their rules
 * are never the CR's. Besides these, any word shaped as a tool's name is one (`TOOL_SHAPE`).
 */
const TOOLS = new Set([
  'eslint', 'tslint', 'jshint', 'jslint', 'jscs', 'standardjs', 'prettier', 'biome', 'oxlint', 'deno', 'typescript', 'stylelint', 'markdownlint', 'remark',
  'clippy', 'rustfmt', 'rustc', 'pylint', 'ruff', 'flake8', 'mypy', 'pyright', 'pycodestyle', 'pydocstyle', 'pyflakes', 'bandit', 'black', 'isort', 'pep', 'pep8',
  'golint', 'golangci', 'staticcheck', 'govet', 'vet', 'revive', 'gocritic', 'gosec', 'errcheck', 'gofmt',
  'rubocop', 'reek', 'checkstyle', 'pmd', 'spotbugs', 'findbugs', 'errorprone', 'sonar', 'sonarqube', 'sonarlint', 'sonarcloud', 'codeql', 'semgrep', 'snyk',
  'detekt', 'ktlint', 'swiftlint', 'scalastyle', 'scalafix', 'wartremover', 'credo', 'kibit', 'eastwood', 'kondo', 'splint', 'cppcheck', 'cpplint', 'tidy',
  'resharper', 'stylecop', 'fxcop', 'roslyn', 'roslynator', 'phpcs', 'phpstan', 'psalm', 'shellcheck', 'hadolint', 'yamllint', 'tflint', 'checkov', 'coverity',
  'misra', 'autosar', 'cert', 'cwe', 'owasp', 'wcag', 'rfc', 'iso', 'iec', 'ieee', 'ecma', 'w3c', 'posix', 'jsr', 'psr',
])
/** A tool's name by its shape: `staticcheck`, `markdownlint`, `rubocop`, `gofmt`, `clj-kondo`'s parts. */
const TOOL_SHAPE = /^[a-z]{2,}(?:lint|linter|check|checker|cop|fmt|analyzer)$/

/**
 * Is the word just before a marker (blanks or a hyphen between) another tool's or standard's name, so
 * that the rule it numbers is that tool's (`golint rule 6.1.4`, `eslint-plugin-react rule`, `SonarQube
 * rule`, `flake8 rule`, `clippy::pedantic rule`)? A word of the game (`the Runner's rule`, `golden rule`),
 * an ID, or a word ending a sentence or a label (`see eslint. Rule 6.1.4`) is not.
 */
function toolBefore(table: CiteTable, text: string, markerAt: number): boolean {
  let i = markerAt - 1
  if (i < 0 || !(isBlank(text.charCodeAt(i)) || text.charCodeAt(i) === 45 /* - */)) return false
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--
  if (i >= 0 && text.charCodeAt(i) === 45 && i === markerAt - 1) i--
  const end = i + 1
  while (i >= 0 && end - i <= 40 && isToolChar(text.charCodeAt(i))) i--
  if (i >= 0 && isToolChar(text.charCodeAt(i))) return false
  let start = i + 1
  while (start < end && !isAlnum(text.charCodeAt(start)) && text.charCodeAt(start) !== 64 /* @ */) start++
  const word = text.slice(start, end)
  if (word === '' || !isAlnum(word.charCodeAt(word.length - 1))) return false
  const lower = word.toLowerCase()
  if (table.byId.has(lower) || /^v?\d/.test(lower)) return false
  // Parts by punctuation and by case (`SonarQube` → sonar, qube; `JackOut` → jack, out: the game's words).
  const parts = word.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[-_:\/.@+ ]+/).filter((p) => p !== '')
  if (TOOLS.has(lower) || parts.some((p) => TOOLS.has(p) || TOOL_SHAPE.test(p))) return true
  if (parts.every((p) => OWN.has(p.toUpperCase()) || gameWords(table).has(p))) return false
  // `flake8`, `es2015`, `c99`: a name with a number in it.
  if (/[a-z][0-9]/i.test(word)) return true
  // `clippy::pedantic`, `@typescript-eslint/naming`, `no_std`: an identifier, not a word of prose.
  if (/::|\/|@|_/.test(word)) return true
  // `SonarQube`, `StyleCop`, `ReSharper`, `eslintPlugin`: a capital inside a word (not an acronym, `MTR`, which `isName` reads).
  if (/^[A-Za-z][a-z0-9]+[A-Z]/.test(word)) return true
  // `mytool rule 1.2.3`, `excoveralls rule`, `brakeman rule`: a lowercase noun before `rule` says whose rule it is,
  // as `house rule` does. The words that leave it the CR's are few and closed: grammar, prose that points
  // (`see`, `per`, `the`, `violates`), the game's own words (above). Any other word names a tool.
  return /^[a-z]+$/.test(word) && !isProse(word)
}

/**
 * Words of prose before `rule` that do not say whose it is: determiners, pronouns, prepositions,
 * conjunctions, the verbs and adjectives a citation is written with. Closed on purpose: a name not
 * listed is a tool's, so an engine's unknown linter is never read as the CR.
 */
const PROSE = new Set((
  'a an the this that these those each every any some no all both either neither which whose what whichever another other same such ' +
  'its their his her my your our one two first second third last next previous prior above below following preceding former latter ' +
  'per see cf re vs via under in on at by of from to into onto for with within without against about around after before during until since ' +
  'between across through throughout toward towards upon unlike like than as and or nor but so yet then also too not only just even still ' +
  'is are was were be been being am has have had do does did can could may might must shall should will would ' +
  'if unless when where while whereas because though although once whether why how here there ' +
  'check cite quote read follow apply obey enforce implement test cover break violate satisfy use honour honor respect mirror match ' +
  'state describe require govern define explain handle contradict override extend mean say need want affect change modify reference mention ' +
  'general specific relevant applicable corresponding related actual original exact particular special standard basic main key core ' +
  'strict simple single whole full partial entire new old current latest official updated revised amended earlier later underlying ' +
  'golden timing cited quoted named numbered written printed above-mentioned aforementioned said given certain explicit implicit ' +
  'important obscure tricky famous infamous weird odd usual normal common rare actual true false correct wrong broken fixed known unknown'
).split(' '))

/**
 * Inflected words are prose too: `implemented`, `following`, `exactly`; a verb's `-s` only on a listed
 * verb (`violates`, `applies`), since tools' names end in `s` too (`excoveralls`, `rails`).
 */
function isProse(word: string): boolean {
  if (PROSE.has(word)) return true
  if (/s$/.test(word) && (PROSE.has(word.slice(0, -1)) || PROSE.has(word.slice(0, -2)) || PROSE.has(`${word.slice(0, -3)}y`))) return true
  return /(?:ed|ing|ly)$/.test(word) && word.length > 4
}

const isToolChar = (c: number) => isAlnum(c) || c === 95 || c === 58 || c === 64 || c === 47 || c === 45 || c === 46 || c === 43

/**
 * Is the weak marker at `markerAt` someone else's by the word just before it (blanks or a hyphen between)?
 * A possessive (`our rule`, `the team's rule`; not the game's own, `the Runner's rule`), a qualifier
 * (`house rule`, `lint-rule`), or another tool's or standard's name (`golint rule`, `SonarQube rule`).
 * Read backwards in place, a bounded look.
 */
function ownedByOthers(table: CiteTable, text: string, markerAt: number): boolean {
  let i = markerAt - 1
  if (i < 0 || !(isBlank(text.charCodeAt(i)) || text.charCodeAt(i) === 45 /* - */)) return false
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--
  if (i >= 0 && text.charCodeAt(i) === 45 && i === markerAt - 1) i--
  const end = i + 1
  while (i >= 0 && end - i <= 24 && (isAlnum(text.charCodeAt(i)) || text.charCodeAt(i) === 39 || text.charCodeAt(i) === 0x2019)) i--
  if (!(i >= 0 && isAlnum(text.charCodeAt(i)))) {
    const word = text.slice(i + 1, end).toLowerCase()
    if (POSSESSIVE.has(word) || QUALIFIER.has(word)) return true
    const owner = /^([a-z][a-z0-9]*)['\u2019]s?$/.exec(word)?.[1]
    if (owner !== undefined) return !NO_OWNER.has(owner) && !OWN.has(owner.toUpperCase()) && !gameWords(table).has(owner)
  }
  return toolBefore(table, text, markerAt)
}

/** `it's rule 6.1.4 that …`, `the game's rule`: a contraction, or the game itself. */
const NO_OWNER = new Set(['it', 'that', 'this', 'there', 'here', 'what', 'who', 'he', 'she', 'let', 'game'])

/** Characters of a name: `MISRA-C:2004`, `HTTP/1.1`, `R&D`, `C++`. */
const isWordChar = (c: number) => isAlnum(c) || c === 58 || c === 38 || c === 43 || c === 45 || c === 95 || c === 46 || c === 47

/** `601.2a`, `103.2`: a first part of three digits or more, never a chapter of the CR. */
export const isOtherNumbering = (number: string): boolean => {
  const dot = number.indexOf('.')
  return (dot === -1 ? number.length : dot) >= 3
}

/**
 * A number that may be a rule: one today or in a held release, or one under
 * a section that exists (`6.1.99`: a typo worth reporting); not `4.17.21`
 * or `1.0.197`, whose sections (4.17, 1.0) never existed: versions, or other
 * documents' numbers.
 */
export function plausibleNumber(setup: ScannerSetup, value: string): boolean {
  const { table } = setup
  if (table.byNumber.has(value) || (table.releases?.ledger.meanings(value).length ?? 0) > 0) return true
  const section = /^\d+\.\d+(?=\.\d)/.exec(value)
  return section !== null && table.byNumber.has(section[0])
}

/** The game's names, in a file that also names another game's rules: the file may well compare them. */
const OWN_GAME = /netrunner|nisei|null[ \t]+signal|\bnsg\b|\banr\b/i

/** Where a file says what it is about: its header (a module docstring, the first comment block). */
const HEADER_CHARS = 2000

/**
 * Does the file's header name another game's Comprehensive Rules, and the file never Netrunner? Read for
 * files with numbers only. A comparison further down (`// unlike the MTG Comprehensive Rules, …`) is not
 * what the file is about.
 */
export function aboutOtherRules(table: CiteTable, text: string): boolean {
  for (let i = text.indexOf('omprehensive'); i > 0 && i < HEADER_CHARS; i = text.indexOf('omprehensive', i + 12)) {
    const c = text.charCodeAt(i - 1)
    if (c !== 67 && c !== 99) continue // C c
    if (!/^omprehensive[ \t]+[Rr]ules/.test(text.slice(i, i + 40))) continue
    if (namedOtherDocument(table, text, i - 1, true)) return !OWN_GAME.test(text)
  }
  return false
}

/** Before a bare number: a section of something (`RFC 8446 section 4.1.2`). */
const SECTION_WORD = /^(?:sections?|sect|clause|chapter|part|paragraph|para|annex|appendix)$/i
/** Before a bare number, alone or before `to`: it is a version (`upgrade to 6.2.5`, `since 2.3.1`). */
const VERSION_BEFORE = /^(?:upgrade|upgraded|upgrading|update|updated|bump|bumped|downgrade|downgraded|pin|pinned|migrate|migrated|release|released|since|until|version|ver|tag|tagged|install|installed)$/i
/** After a bare number: it is a version (`the 2.3.1 hotfix`, `8.4.2 or later`). */
const VERSION_AFTER = /^[ \t]*(?:hotfix|release|version|update|patch|build|beta|alpha|rc\d*|lts|snapshot|or[ \t]+(?:later|newer|above|higher|greater)|and[ \t]+(?:later|newer|above|up)|\+(?![\w]))/i

/**
 * A number without a marker (`bareNumbers`) that the words around it make a version, or another
 * document's: `Node 8.4.2`, `WCAG 2.1 1.4.3`, `RFC 8446 section 4.1.2`, `the 2.3.1 hotfix`, `upgrade to
 * 6.2.5`, `8.4.2 or later`. `start`..`end`: where the numbers read are.
 */
export function versionByWords(table: CiteTable, text: string, start: number, end: number): boolean {
  if (VERSION_AFTER.test(text.slice(end, end + 24))) return true
  let w = wordBefore(text, start)
  if (w === undefined) return false
  if (/^to$/i.test(w.word)) {
    const v = wordBefore(text, w.start)
    return v !== undefined && VERSION_BEFORE.test(v.word)
  }
  if (VERSION_BEFORE.test(w.word)) return true
  if (SECTION_WORD.test(w.word)) {
    w = wordBefore(text, w.start)
    if (w === undefined) return false
  }
  if (/^\d+(?:\.\d+)*$/.test(w.word)) {
    const name = wordBefore(text, w.start)
    return name !== undefined && isName(table, text, name, false, true)
  }
  return isName(table, text, w, false, false)
}
