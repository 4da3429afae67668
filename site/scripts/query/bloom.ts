/**
 * A Bloom filter of words: a set that answers "maybe" or "no" in a few bits
 * per word. The search box carries the English words the typo corrector could
 * mistake for misspelt CR words ("forever" is not "former"), 1 % false
 * positives, so a correctly spelled English word is never "corrected"
 * (`search-english.json`, built by `data/english-words.ts`).
 */

/** FNV-1a, 32 bits, with a seed: two of them make every probe (Kirsch–Mitzenmacher). */
function fnv(word: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

export interface BloomFilter {
  has(word: string): boolean
}

/** Bits for `n` words at false-positive rate `p`, and the probes per word. */
export function bloomSize(n: number, p = 0.01): { bits: number; probes: number } {
  const bits = Math.max(64, Math.ceil((-n * Math.log(p)) / Math.LN2 ** 2))
  return { bits, probes: Math.max(1, Math.round((bits / Math.max(1, n)) * Math.LN2)) }
}

function probe(bits: Uint8Array, probes: number, word: string, visit: (byte: number, mask: number) => boolean): boolean {
  const m = bits.length * 8
  const a = fnv(word, 0)
  const b = fnv(word, 0x9e3779b9) | 1
  for (let i = 0; i < probes; i++) {
    const at = (a + Math.imul(i, b)) >>> 0
    const bit = at % m
    if (!visit(bit >> 3, 1 << (bit & 7))) return false
  }
  return true
}

/** `[probes, base64 bits]`: JSON-able. */
export type BloomJson = [number, string]

export function buildBloom(words: Iterable<string>, count: number, p = 0.01): BloomJson {
  const { bits, probes } = bloomSize(count, p)
  const bytes = new Uint8Array(Math.ceil(bits / 8))
  for (const w of words)
    probe(bytes, probes, w, (byte, mask) => {
      bytes[byte]! |= mask
      return true
    })
  return [probes, toBase64(bytes)]
}

export function readBloom([probes, base64]: BloomJson): BloomFilter {
  const bytes = fromBase64(base64)
  return { has: (word) => probe(bytes, probes, word, (byte, mask) => (bytes[byte]! & mask) !== 0) }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function toBase64(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + (i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=') + (i + 2 < bytes.length ? ALPHABET[n & 63]! : '=')
  }
  return out
}

function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '')
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4))
  let at = 0
  for (let i = 0; i < clean.length; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, k) => (acc << 6) | Math.max(0, ALPHABET.indexOf(clean[i + k] ?? 'A')), 0)
    if (at < out.length) out[at++] = (n >> 16) & 255
    if (at < out.length) out[at++] = (n >> 8) & 255
    if (at < out.length) out[at++] = n & 255
  }
  return out
}
