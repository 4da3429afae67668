/**
 * A step is a rule restated in a sequence (issue 20): "The Runner gains
 * their allotted clicks" (5.7.1a) says what 1.11.2b says, and the timing
 * structures of chapter 11 restate the steps once more. A question that does
 * not ask about steps or their order ("how many clicks does the runner get",
 * "can the runner have two consoles installed") wants the rule; so a step
 * goes below the next rule that is not one, inside the first rows, unless
 * the query asks for steps, an order or a sequence. Which rules are steps,
 * the build says (`search-vocab.json`'s `p`: rules of kind `step` or `timing`).
 * Measured (scripts/bench/search.ts): top-1 independent 82 → 84 %, rulings
 * held aside 62 → 67 %, set F 80 → 82 %; top-3 rulings 86 → 88 %; no set's
 * top-5 down (set E's top-1 75 → 74 %). Two places below moved nothing more.
 */
import { belowNext } from './card-rules.ts'

/** Words that ask about a sequence: with one of them, a step is an answer. */
const ASKS_FOR_STEPS = new Set(['step', 'steps', 'order', 'sequence', 'timing', 'structure', 'procedure', 'exactly'])

export const asksForSteps = (typed: readonly string[]) => typed.some((w) => ASKS_FOR_STEPS.has(w))

/** `hits` with each step moved below the next rule that is not one, within the first rows; as they are when the query asks for steps. */
export function stepsBelowRules<T>(hits: T[], ruleOf: (hit: T) => string | undefined, steps: ReadonlySet<string>, typed: readonly string[]): T[] {
  return asksForSteps(typed) ? hits : belowNext(hits, (h) => steps.has(ruleOf(h) ?? ''), 1)
}
