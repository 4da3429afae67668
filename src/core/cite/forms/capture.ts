/**
 * What a capture form found (a project pattern's group, a citation call's
 * string) → hits: its tokens (`grammar.ts`) are numbers, lists, ranges,
 * editions and IDs, each a citation whatever it looks like, all of one group.
 */
import { normalizeVersion } from '../../ids.ts'
import type { FileScan } from '../context.ts'
import { isEditionInCapture, isYearForm } from '../editions.ts'
import type { CaptureToken } from '../grammar.ts'
import { hit, stamp, type Hit } from '../hit.ts'
import { isPlaceholder } from '../lexical.ts'
import type { CitationVia } from '../types.ts'

/**
 * `group`: the group the hits join, a new one by default; a citation call gives all its arguments one
 * (`@cr("rule_x", "6.9.4c")` is two citations, never a pair).
 */
export function captureHits(scan: FileScan, tokens: CaptureToken[], namedVersion: string | undefined, via: CitationVia, callAt = 0, group = scan.nextGroup()): void {
  const { setup, text } = scan
  let version = namedVersion === undefined ? undefined : normalizeVersion(namedVersion)
  let notHeld: string | undefined
  if (version !== undefined) {
    const e = scan.edition(version)
    if (e.kind === 'not-held') {
      notHeld = e.name
      version = undefined
    } else version = e.name
  }
  // `"6.1.4 (v24.03)"`, `"6.2.5@v24.03"`: an edition named after the numbers, and nowhere before them, is theirs.
  const last = tokens[tokens.length - 1]
  if (version === undefined && notHeld === undefined && last?.kind === 'edition' && tokens.length > 1 && tokens.slice(0, -1).every((t) => t.kind !== 'edition')) {
    const digits = last.text.replace(/^[vV]/, '')
    const named = tokens.some((t) => t.kind === 'marker' && /^(?:CR|cr|Cr)$/.test(t.text))
    if (/^[vV]/.test(last.text) || isYearForm(digits, setup.table.chapters) || named) {
      const e = scan.edition(last.text)
      if (e.kind === 'not-held') notHeld = e.name
      else version = e.name
      tokens = tokens.slice(0, -1)
    }
  }
  let afterCr = false
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.kind === 'marker') {
      afterCr = /^(?:CR|cr|Cr)$/.test(t.text)
      continue
    }
    if (t.kind === 'edition') {
      const next = tokens[k + 1]
      const digits = t.text.replace(/^[vV]/, '')
      const gap = next === undefined ? '' : text.slice(t.offset + t.text.length, next.offset)
      // A label's colon (`v24.03: 6.1.4`) is a blank, unless a number of its own section follows (`1.2: 1.2.1`).
      const gapIsBlank = /^[ \t§]+$/.test(gap) || (/^:[ \t§]*$/.test(gap) && !(next?.values?.[0]?.startsWith(`${digits}.`) ?? false))
      if (isEditionInCapture({ v: /^[vV]/.test(t.text), yearForm: isYearForm(digits, setup.table.chapters), afterCr, next: next?.kind, gapIsBlank })) {
        const e = scan.edition(t.text)
        if (e.kind === 'not-held') {
          notHeld = e.name
          version = undefined
        } else {
          version = e.name
          notHeld = undefined
        }
        afterCr = false
        continue
      }
      // A two-part number after all: a section.
      tokens[k] = { ...t, kind: 'numbers', values: [digits] }
      k--
      continue
    }
    afterCr = false
    if (t.kind === 'numbers') {
      for (const value of t.values!) {
        const h: Hit = { ...hit(t.offset, t.text, value, true, via), group }
        if (t.values!.length > 1) h.range = true
        scan.hits.push(stamp(h, version, notHeld))
      }
      continue
    }
    if (setup.isIgnored(t.text)) continue
    // A citation call in documentation is an example: `cite!("rule_xxx")` in a doc comment is a placeholder.
    if (via === 'call' && !setup.isKnownId(t.text) && scan.placeOf(callAt) !== 'code' && (isPlaceholder(t.text) || !setup.near.isNearMiss(t.text))) continue
    scan.hits.push(stamp({ ...hit(t.offset, t.text, t.text, false, via), group }, version, notHeld))
  }
}
