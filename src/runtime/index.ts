/**
 * `netrunner-cr`: the Comprehensive Rules of one release as a typed module.
 * Compiled by `scripts/build-package.ts` to ESM (`index.js`) and CommonJS
 * (`index.cjs`), with the release's data in place of `./release-data.ts`
 * and its ID unions in place of `./release-types.ts`.
 */
import { OldNumberError, sharedRuntime, UnknownRuleError, UnknownVersionError, type RuleError, type RuleErrorCode, type RuleLookup } from './create.ts'
import data from './release-data.ts'
import { recordCitation } from './record.ts'
import type { Effective, RetiredRuleId, RuleId, Version } from './release-types.ts'
import type { Example, IdOf, NumberHistory, ReleaseOptions, ReleaseVersion, Rule, RuleInRelease, RuleRef, Timing } from './types.ts'

export type * from './types.ts'
export { OldNumberError, UnknownRuleError, UnknownVersionError, type RuleError, type RuleErrorCode, type RuleLookup }

// One runtime for the ESM and CommonJS builds (create.ts): the same rule objects whichever an engine loads.
const runtime = sharedRuntime(data)

/** The CR release, e.g. `v26.03`. */
export const version: Version = runtime.version as Version
/** The date the release takes effect (ISO). */
export const effective: Effective = runtime.effective as Effective
/** Every chapter, section, rule, sub-rule, step and timing element, in document order. */
export const rules: readonly Rule[] = runtime.rules
/** Every worked example, in document order; `id` is stable (`example_<ruleId>_<n>`). */
export const examples: readonly Example[] = runtime.examples
/** Chapter 11's timing structures as step trees: the state machine an engine implements (see timing.json). */
export const timing: Timing = runtime.timing as Timing
/** Every release `{ version }` accepts, oldest first. */
export const releaseVersions: readonly ReleaseVersion[] = runtime.releaseVersions as readonly ReleaseVersion[]

/**
 * The rule an ID or number names (`'6.1.4'` and `'rule_end_the_run'` give the same rule).
 * Throws `UnknownRuleError` for anything else: `OldNumberError` for a number only an older
 * release printed, `code: 'removed-rule'` for a rule removed since. `findRule` and
 * `lookupRule` read a query exactly as this does, without throwing.
 */
export function rule<R extends RuleRef>(ref: R): Rule<IdOf<R>>
/**
 * @deprecated A retired ID: today's rule that replaced it, with `via` saying how
 * (`status`: `renamed`, `merged`, `split`) and in which release the ID was last printed. Cite the current ID.
 */
export function rule(ref: RetiredRuleId): RuleInRelease
/**
 * A number or ID as an older release had it (`rule('6.2.5', { version: 'v24.03' })`): today's rule,
 * with `via`, `textChanged` and `changedIn`. Checked at run time: throws `UnknownRuleError` when
 * the release had no such rule or it was removed since, `UnknownVersionError` for an unknown release.
 */
export function rule(ref: string, options: ReleaseOptions): RuleInRelease
export function rule(ref: string, options?: ReleaseOptions): Rule | RuleInRelease {
  return runtime.rule(ref, options)
}

/** Mark that the surrounding code or test implements a rule; returns the rule. `cr cite` finds it for coverage. */
export function cite<R extends RuleRef>(ref: R): Rule<IdOf<R>>
/** Mark that the code implements a rule cited as an older release numbered it. */
export function cite(ref: string, options: ReleaseOptions): RuleInRelease
export function cite(ref: string, options?: ReleaseOptions): Rule | RuleInRelease {
  const found = runtime.rule(ref, options)
  // With CR_CITE_LOG set, the running test is recorded for `cr cite --results` (record.ts).
  recordCitation(ref, found.id)
  return found
}

/**
 * `rule()` for input known only at run time, without throwing: the rule `rule(query, options)`
 * returns, or undefined exactly where it throws. To learn why, `lookupRule`.
 */
export function findRule(query: string, options: ReleaseOptions): RuleInRelease | undefined
/** An ID, retired ID (with `via`) or number in any cited form (`CR 6.1.4`, `§6.1.4a`, `CR v24.03 6.2.5`); undefined where `rule()` throws. */
export function findRule(query: string): Rule | RuleInRelease | undefined
export function findRule(query: string, options?: ReleaseOptions): Rule | RuleInRelease | undefined {
  return runtime.findRule(query, options)
}

/**
 * `rule()` as a value: `{ rule }` with what it returns, or `{ error }` with the error it
 * would throw (never thrown), whose `code` says why — `unknown-rule`, `old-number`,
 * `removed-rule`, `unknown-release` — and whose `suggestions` say what to cite instead.
 */
export function lookupRule(query: string, options: ReleaseOptions): RuleLookup<RuleInRelease>
export function lookupRule(query: string): RuleLookup
export function lookupRule(query: string, options?: ReleaseOptions): RuleLookup {
  return runtime.lookupRule(query, options)
}

/** Whether a value is the ID of a rule of this release. */
export function isRuleId(value: unknown): value is RuleId {
  return runtime.isRuleId(value)
}

/**
 * What a number named in every release the package knows, and where that
 * rule is today: `numberHistory('10.5.5')` (merged into 1.14.3a since v25.08),
 * `numberHistory('6.2.5')` (today's rule, and the rule it named until v24.03).
 */
export function numberHistory(number: string): NumberHistory {
  return runtime.numberHistory(number)
}
