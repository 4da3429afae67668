/**
 * Running heads for the PDF: each chapter prints on its own named page
 * (`@page cr-ch-6`) whose top margin names the chapter, as a printed rulebook
 * does; every page names the document and its edition. Chromium prints CSS
 * page-margin boxes, but not running strings (`string-set`), hence one named
 * page per chapter.
 */
import type { TocChapter } from './types.ts'

/** A CSS string literal that no text can break out of (quotes, backslashes, `</style>`). */
export function cssString(text: string): string {
  const body = text
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/[\n\r\f]+/g, ' ')
    .replace(/</g, '\\3C ')
  return `"${body}"`
}

const HEAD = "font: italic 8pt 'DejaVu Serif', 'Liberation Serif', serif; color: #444;"

export function runningHeadCss(toc: TocChapter[], documentTitle: string): string {
  const left = `@top-left { content: ${cssString(documentTitle)}; ${HEAD} }`
  const rules = [`@page { ${left} }`]
  for (const c of toc) {
    const name = `cr-ch-${c.number.replace(/[^0-9A-Za-z]/g, '')}`
    rules.push(`@page ${name} { ${left} @top-right { content: ${cssString(`${c.number}. ${c.title}`)}; ${HEAD} } }`)
    rules.push(`.chapter[data-n=${cssString(c.number)}] { page: ${name}; }`)
  }
  return rules.join('\n')
}
