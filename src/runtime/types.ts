/**
 * The public types of the `netrunner-cr` module. Written by hand; only the
 * per-release unions they refer to (`./release-types.ts`) are generated.
 */
import type { ReleaseVersion, RetiredRuleId, RuleId, RuleNumbers, TimingKey } from './release-types.ts'

export type { ReleaseVersion, RetiredRuleId, RuleId, RuleNumbers, TimingKey } from './release-types.ts'

/** Every number in citation form: `6.1.4`, `6.1.4a`, `11.4.2b.i`. */
export type RuleNumber = keyof RuleNumbers & string

/** What `rule()` and `cite()` accept: an ID or a number. */
export type RuleRef = RuleId | RuleNumber

/** The ID a reference stands for. */
export type IdOf<R extends RuleRef> = R extends RuleNumber ? RuleNumbers[R] & RuleId : R

export type RuleKind = 'chapter' | 'section' | 'rule' | 'subrule' | 'step' | 'timing'

export interface RuleExample {
  /** Stable: `example_<ruleId>_<n>`. */
  readonly id: string
  readonly text: string
  readonly new: boolean
}

export interface Rule<Id extends RuleId = RuleId> {
  readonly id: Id
  /** Citation form: `6.1.4`, `6.1.4a`. */
  readonly number: RuleNumber
  /** As printed before the text: `6.1.4.`, `a.` */
  readonly label: string
  readonly kind: RuleKind
  /** Chapters, sections and heading rules. */
  readonly title?: string
  /** Plain text; references printed as the CR prints them ("section 6.2.8"). */
  readonly text: string
  /** Permalink on the rules site. */
  readonly url: string
  readonly parent: RuleId | null
  readonly children: readonly RuleId[]
  readonly chapter: RuleId
  readonly section: RuleId | null
  /** New in this release. */
  readonly new: boolean
  readonly examples: readonly RuleExample[]
  /** Timing elements: the prose rule or step they summarise. */
  readonly prose?: RuleId
}

export interface Example extends RuleExample {
  readonly rule: RuleId
  readonly number: RuleNumber
}

export interface TimingNode {
  readonly id: RuleId
  readonly number: RuleNumber
  readonly label: string
  /** Top level: phases (steps when the structure has no phases); then steps; then the branches of a question. */
  readonly kind: 'phase' | 'step' | 'branch'
  readonly text: string
  /** The prose rule or step this element summarises. */
  readonly prose: RuleId | null
  /** `If yes, …` / `If no, …` */
  readonly answer?: 'yes' | 'no'
  /** `Go to (d)`, `Return to (a)`: where control moves. */
  readonly goto?: RuleId
  readonly children: readonly TimingNode[]
}

export interface TimingStructure {
  readonly id: RuleId
  readonly number: RuleNumber
  readonly title: string
  /** The prose section it summarises. */
  readonly prose: RuleId | null
  readonly elements: readonly TimingNode[]
}

export type Timing = { readonly [K in TimingKey]: TimingStructure }

export interface ReleaseOptions {
  /** Read the number or ID as this release had it (`'24.03'` works too, at run time). */
  readonly version: ReleaseVersion
}

/** How a citation of an older release was read. */
export interface ReleaseCitation {
  readonly version: ReleaseVersion
  /** The number and ID in that release. */
  readonly number: string
  readonly id: string
  /** How that ID became today's: the same, renamed, merged into another rule, or split (the main part). */
  readonly status: 'same' | 'renamed' | 'merged' | 'split'
}

/**
 * A rule an error suggests in place of what was asked (`UnknownRuleError`,
 * `OldNumberError`): its ID and its number, best first. Today's, unless the
 * query was read in an older release (`rule('6.1.99', { version: 'v24.03' })`):
 * then that release's ID and number, and `version` names it, so
 * `rule(s.number, { version: s.version })` reads it back.
 */
export type RuleSuggestion =
  | { readonly id: RuleId; readonly number: RuleNumber; readonly version?: undefined }
  | { readonly id: string; readonly number: string; readonly version: ReleaseVersion }

/** Today's rule, found through an older release, or by an ID retired since (`via` says how). */
export type RuleInRelease = Rule & {
  readonly via: ReleaseCitation
  /** Today's text differs from the release's (reference numbers aside). */
  readonly textChanged: boolean
  /** Later releases that reworded, merged or split it; `current` for rule edits not yet released. */
  readonly changedIn: readonly (ReleaseVersion | 'current')[]
}

/** What a number named in the releases the package knows, and where that rule is today (`numberHistory('10.5.5')`). */
export interface NumberHistory {
  /** The number in citation form. */
  readonly number: string
  /** Today's rule with this number, if there is one. */
  readonly today?: Rule
  /** Earlier meanings that differ from today's: another rule (now elsewhere, or removed), newest first. */
  readonly earlier: readonly {
    readonly number: string
    /** The rule's ID in those releases. */
    readonly id: string
    /** The releases, oldest first, in which the number named that rule. */
    readonly versions: readonly (ReleaseVersion | string)[]
    /** Today's ID and number of that rule; absent when it was removed. */
    readonly currentId?: RuleId
    readonly currentNumber?: RuleNumber
    readonly status: 'same' | 'renamed' | 'merged' | 'split' | 'removed'
    /** Why it was removed or retired, when it was. */
    readonly reason?: string
    /** In one sentence: "10.5.5 in v22.12–v25.08 (rule_corp_can_pay_tag_costs) was merged into 1.14.3a (rule_remove_tags_or_bad_publicity_as_cost)". */
    readonly description: string
  }[]
}
