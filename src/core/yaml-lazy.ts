/**
 * The `yaml` package, loaded on first use. It is the position-keeping
 * parser, needed only when a diagnostic needs a line and column (js-yaml
 * reads clean files), and loading it costs about as much as checking the
 * CR from the cache: so a clean `cr check` or `cr index` never loads it.
 *
 * Every parse with it goes through `parseDocumentWithin`: the package's
 * composer recurses once or more per level of nesting, so 2,500 nested `[`
 * overflowed the stack ("Maximum call stack size exceeded", at no useful
 * place), and it resolves each alias by walking the document. Its parser
 * (source → concrete syntax tree) keeps an explicit stack, so the tree is
 * measured first, iteratively, and composed only when it is within bounds.
 */
import { createRequire } from 'node:module'
import type { CST, Document, DocumentOptions, LineCounter, ParseOptions, SchemaOptions } from 'yaml'

type Token = CST.Token

type Yaml = typeof import('yaml')

let loaded: Yaml | undefined

export function yaml(): Yaml {
  return (loaded ??= createRequire(import.meta.url)('yaml') as Yaml)
}

/**
 * How deep collections may nest in a source file. The CR nests 11 deep
 * (timing structures); both parsers and every walk after them recurse per
 * level, and 64 keeps all of them far from the stack's end.
 */
export const MAX_YAML_DEPTH = 64
/** Aliases (`*name`) in one file. The rules use none; each costs a walk of the document in the `yaml` package. */
export const MAX_YAML_ALIASES = 100

/** Where a source is out of bounds, before it is composed. */
export interface YamlBoundsProblem {
  kind: 'depth' | 'aliases'
  /** Offset in the text of the collection too deep, or of the alias one too many. */
  offset: number
}

/**
 * `yaml().parseDocument(text, options)`, or the first place where the
 * text nests deeper than MAX_YAML_DEPTH or holds more than
 * MAX_YAML_ALIASES aliases (the document is then never composed).
 */
export function parseDocumentWithin(
  text: string,
  options: ParseOptions & DocumentOptions & SchemaOptions & { lineCounter?: LineCounter },
): { doc: Document.Parsed; aliases: number; problem?: undefined } | { doc?: undefined; problem: YamlBoundsProblem } {
  const y = yaml()
  const tokens = [...new y.Parser(options.lineCounter?.addNewLine).parse(text)] as Token[]
  const measured = measureTokens(tokens)
  if ('kind' in measured) return { problem: measured }
  // As `parseDocument` does: the first document, and an error for a second one.
  const composer = new y.Composer(options)
  let doc: Document.Parsed | undefined
  for (const next of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = next
    else {
      doc.errors.push(new y.YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'))
      break
    }
  }
  return { doc: doc!, aliases: measured.aliases }
}

/** Depth and alias count of a concrete syntax tree, with an explicit stack. */
function measureTokens(tokens: Token[]): YamlBoundsProblem | { aliases: number } {
  let aliases = 0
  // Children pushed in reverse, so tokens are met in document order (the alias one too many is named).
  const stack: { token: Token; depth: number }[] = []
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!
    if (token.type === 'document' && token.value) stack.push({ token: token.value, depth: 0 })
  }
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    if (token.type === 'alias') {
      if (++aliases > MAX_YAML_ALIASES) return { kind: 'aliases', offset: token.offset }
      continue
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue
    if (depth + 1 > MAX_YAML_DEPTH) return { kind: 'depth', offset: token.offset }
    const items = token.items as { key?: Token | null; value?: Token }[]
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]!
      if (item.value) stack.push({ token: item.value, depth: depth + 1 })
      if (item.key) stack.push({ token: item.key, depth: depth + 1 })
    }
  }
  return { aliases }
}
