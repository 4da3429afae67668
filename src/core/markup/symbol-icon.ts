/**
 * A game symbol's icon as hast: the one home of its markup, used by rule text
 * (`to-hast.ts`) and by the site's word diffs and card text.
 *
 * An icon alone copies as nothing: selecting "[click], 2[credit]: Remove 1
 * tag." and copying gave `, 2: Remove 1 tag.`, and `pdftotext` left a gap.
 * With `copyable`, the icon also carries its text form (`symbol.token`, what
 * the plain text and search show) twice, each drawn as nothing:
 *
 * - in the `<svg>`, a transparent `<text>` squeezed to the icon's width
 *   (`textLength`), for print: Chromium writes it into the PDF's text layer
 *   where the icon is, so `pdftotext` and a viewer's find read `[click]` in
 *   its place (an HTML span there could not be squeezed to the icon's width,
 *   and `pdftotext` read it interleaved with the next word). On screen it is not displayed: an SVG `<text>` is a block to
 *   the browser's selection, which would copy it on a line of its own.
 * - beside the `<svg>`, a transparent `<span>` laid over it (out of the flow,
 *   so nothing moves), for the screen: a selection copies it in place.
 *
 * The site's stylesheet shows each in its medium (`.cr-sym-c`, `.cr-sym-t`);
 * without it the span would show, so the option is the site's, and the
 * default (the package's and `rules.json`'s HTML) is the icon alone. Screen
 * readers read the icon once, by its label: the `<svg>` is an image (its
 * children are not read) and the span is `aria-hidden`.
 */
import type { Element } from 'hast'
import { h, s } from 'hastscript'
import type { SymbolInfo } from './symbols.ts'

export interface SymbolIconOptions {
  /** Carry the text form for copying and printing (needs the site's stylesheet). */
  copyable?: boolean
}

/** The icon of a symbol with a `path` (an `icon` kind). */
export function symbolIcon(symbol: SymbolInfo, options: SymbolIconOptions = {}): Element {
  const path = s('path', { d: symbol.path ?? '', fillRule: 'evenodd' })
  const properties = {
    className: ['cr-sym', `cr-sym-${symbol.name}`],
    role: 'img',
    ariaLabel: symbol.label,
    viewBox: '0 0 24 24',
    width: '1em',
    height: '1em',
    fill: 'currentColor',
  }
  if (!options.copyable) return s('svg', properties, [path])
  // Measured with poppler's `pdftotext` (tests/site/official.test.ts), whose word rules decide:
  // - on the line's baseline: the icon sits 0.125em below it (site.css), 21 of its 24 units down;
  // - a little wider than the icon (2 units each side, over its neighbours: the print lets it out,
  //   site.css): a gap of 0.03em between it and the letter beside it reads as a space;
  // - 3/4 of the text's size: squeezed into the icon, "[recurring]"'s two r would start less than
  //   a tenth of the font size apart at full size, and poppler drops the second as a duplicate.
  const printed = s('text', { x: '-2', y: '21', fontSize: '18', textLength: '28', lengthAdjust: 'spacingAndGlyphs', fill: 'transparent' }, symbol.token)
  return h('span', { className: ['cr-sym-c'] }, [s('svg', properties, [path, printed]), h('span', { className: ['cr-sym-t'], ariaHidden: 'true' }, symbol.token)])
}
