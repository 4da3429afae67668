/**
 * Links at the edge. The compiler renders each text once, with one-page
 * links (`href="#rule_end_the_run"`); a target that puts rules on other
 * pages (the site's chapter pages) gives every reference its own URL here,
 * without compiling again. Only the reference anchors the renderer emits
 * (`<a class="cr-ref" href="…" data-ref="ID">`) are touched.
 */
import type { CompiledDocument } from '../types.ts'

const REFERENCE = /<a class="cr-ref" href="[^"]*" data-ref="([^"]*)">/g

// As hast-util-to-html escapes a double-quoted attribute, so relinked HTML is what rendering would have given.
const escapeAttribute = (value: string) => value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;')

/** `html` (compiler output) with each reference linked to `hrefFor(id)`. */
export function relinkHtml(html: string, hrefFor: (id: string) => string): string {
  return html.replace(REFERENCE, (_, id: string) => `<a class="cr-ref" href="${escapeAttribute(hrefFor(id))}" data-ref="${id}">`)
}

/** The document with every HTML field relinked; the input is not changed. */
export function relinkDocument(document: CompiledDocument, hrefFor: (id: string) => string): CompiledDocument {
  const link = (html: string) => relinkHtml(html, hrefFor)
  return {
    ...document,
    rules: document.rules.map((r) => ({
      ...r,
      html: link(r.html),
      examples: r.examples.map((ex) => ({ ...ex, html: link(ex.html) })),
      ...(r.snippet ? { snippet: { ...r.snippet, html: link(r.snippet.html) } } : {}),
    })),
    changelog: document.changelog.map((c) => ({ ...c, html: link(c.html) })),
  }
}
