/**
 * The per-release types, as loose as the runtime source needs them to
 * type-check. The package build replaces this file with generated
 * declarations (`release-types.d.ts`): `RuleId` becomes the union of every
 * ID of the release, `RuleNumbers` maps each number to its ID, and so on.
 */

/** Every rule ID of the release. */
export type RuleId = string

/** Number (citation form) → ID, for every entry. */
export type RuleNumbers = Record<string, string>

/** IDs earlier releases defined that now redirect to another rule. */
export type RetiredRuleId = string

/** The keys of `timing`: `corpTurn`, `runnerTurn`, `run`, `breach`, `access`. */
export type TimingKey = string

/** Every release `{ version }` accepts. */
export type ReleaseVersion = string

/** The release (`v26.03`) and the date it takes effect. */
export type Version = string
export type Effective = string
