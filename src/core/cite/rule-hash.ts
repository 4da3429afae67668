/**
 * A fingerprint of each rule's text, so a citation can say "this rule changed
 * since you last read it" (`cr cite --baseline`). The text hashed is the
 * canonical text (`src/core/render/text.ts`): references print the IDs they
 * name instead of numbers, so renumbering a rule elsewhere does not change it.
 * FNV-1a, 64 bits, over the UTF-8 bytes, as 16 hex digits: any language can
 * compare these; nobody needs to recompute them.
 */
import type { ResolvedRelease } from '../model/types.ts'
import { canonicalTexts } from '../render/canonical.ts'

const encoder = new TextEncoder()

/**
 * FNV-1a, 64 bits, in four 16-bit limbs (little end first) so every step is
 * exact in doubles: BigInt arithmetic per byte was most of the cost of
 * `cr index`'s hashes. The prime 2^40 + 0x1b3 multiplies each limb by 0x1b3
 * and adds the limb two places down shifted by 8 (2^40 = 2^32 · 2^8).
 */
export function fnv1a64(text: string): string {
  // The offset basis 0xcbf29ce484222325.
  let h0 = 0x2325
  let h1 = 0x8422
  let h2 = 0x9ce4
  let h3 = 0xcbf2
  const bytes = encoder.encode(text)
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i]!
    const t0 = h0 * 0x1b3
    let t1 = h1 * 0x1b3
    let t2 = h2 * 0x1b3 + (h0 << 8)
    const t3 = h3 * 0x1b3 + (h1 << 8)
    t1 += t0 >>> 16
    t2 += t1 >>> 16
    h0 = t0 & 0xffff
    h1 = t1 & 0xffff
    h2 = t2 & 0xffff
    h3 = (t3 + (t2 >>> 16)) & 0xffff
  }
  const hex = (limb: number) => limb.toString(16).padStart(4, '0')
  return hex(h3) + hex(h2) + hex(h1) + hex(h0)
}

/** Rule ID → hash of its canonical text, for every entry of a release. */
export function ruleTextHashes(model: ResolvedRelease): Map<string, string> {
  return new Map([...canonicalTexts(model)].map(([id, c]) => [id, fnv1a64(c.text)]))
}
