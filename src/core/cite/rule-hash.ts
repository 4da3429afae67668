/**
 * A fingerprint of each rule's text, so a citation can say "this rule changed
 * since you last read it" (`cr cite --baseline`). The text hashed is the
 * comparable text (`src/core/versions/canonical.ts`): reference numbers are
 * replaced by IDs, so renumbering a rule elsewhere does not change it.
 * FNV-1a, 64 bits, over the UTF-8 bytes, as 16 hex digits: any language can
 * compare these; nobody needs to recompute them.
 */
import { comparable } from '../versions/canonical.ts'
import type { RuleEntry } from '../types.ts'

const OFFSET = 0xcbf29ce484222325n
const PRIME = 0x100000001b3n
const encoder = new TextEncoder()

export function fnv1a64(text: string): string {
  let h = OFFSET
  for (const byte of encoder.encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * PRIME)
  return h.toString(16).padStart(16, '0')
}

/** Rule ID → hash of its comparable text, for every entry of a document. */
export function ruleTextHashes(rules: readonly RuleEntry[]): Map<string, string> {
  const byId = new Map(rules.map((r) => [r.id, r]))
  return new Map(rules.map((r) => [r.id, fnv1a64(comparable(r, byId).text)]))
}
