/**
 * Phase 1: walk the chapter files and build the document skeleton — every
 * entry with its ID, computed number, parent and children — without looking
 * inside any text. Phase 2 (`resolve.ts`) needs the complete ID table first so
 * forward references and ranges resolve.
 *
 * The walk is defensive: it runs on files that failed schema validation too,
 * so one bad key does not turn every reference into that file into a cascade
 * of `unknown-rule` errors.
 */
import { childNumber, timingNumber } from './number.ts'
import type { LoadedYaml } from './load-yaml.ts'
import type { RuleKind } from './types.ts'

export type JsonPath = (string | number)[]

/** A text to parse later, and where it lives. */
export interface RawText {
  value: string
  file: string
  path: JsonPath
}

export interface DraftEntry {
  id: string
  number: string
  label: string
  kind: RuleKind
  /** `subsection` for rules with children; decides the reference word. */
  sourceKind: 'chapter' | 'section' | 'rule' | 'subsection' | 'timing'
  parent: string | null
  children: string[]
  chapter: string
  section: string | null
  depth: number
  text: RawText | undefined
  tocTitle?: RawText
  snippet?: RawText
  heading: boolean
  steps: boolean
  new: boolean
  bold?: boolean
  /** Timing elements: top-level 1, nested 2, 3… */
  timingLevel?: number
  examples: { text: RawText; new: boolean }[]
  file: string
  /** Where the entry's ID key is, for diagnostics. */
  idPath: JsonPath
}

export interface ChapterInput {
  file: string
  loaded: LoadedYaml
}

export interface CollectResult {
  entries: DraftEntry[]
  /** First definition of each ID. */
  byId: Map<string, DraftEntry>
  duplicates: { entry: DraftEntry; first: DraftEntry }[]
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const flag = (o: Record<string, unknown>, key: string) => key in o && o[key] !== false

function rawText(o: Record<string, unknown>, key: string, file: string, path: JsonPath): RawText | undefined {
  const v = o[key]
  return typeof v === 'string' ? { value: v, file, path: [...path, key] } : undefined
}

export function collectEntries(chapters: ChapterInput[]): CollectResult {
  const entries: DraftEntry[] = []
  const byId = new Map<string, DraftEntry>()
  const duplicates: CollectResult['duplicates'] = []

  const add = (e: DraftEntry, parent: DraftEntry | undefined) => {
    entries.push(e)
    if (parent) parent.children.push(e.id)
    const first = byId.get(e.id)
    if (first) duplicates.push({ entry: e, first })
    else byId.set(e.id, e)
  }

  const examplesOf = (o: Record<string, unknown>, file: string, path: JsonPath) =>
    asList(o.examples).flatMap((ex, i) => {
      if (!isObject(ex)) return []
      const text = rawText(ex, 'text', file, [...path, 'examples', i])
      return text ? [{ text, new: flag(ex, 'new') }] : []
    })

  chapters.forEach(({ file, loaded }, ci) => {
    const data = loaded.data
    if (!isObject(data) || typeof data.chapter !== 'string') return
    const chapterNumber = String(ci + 1)
    const chapter: DraftEntry = {
      id: data.chapter,
      number: chapterNumber,
      label: `${chapterNumber}.`,
      kind: 'chapter',
      sourceKind: 'chapter',
      parent: null,
      children: [],
      chapter: data.chapter,
      section: null,
      depth: 0,
      text: rawText(data, 'text', file, []),
      heading: true,
      steps: false,
      new: flag(data, 'new'),
      examples: [],
      file,
      idPath: ['chapter'],
    }
    add(chapter, undefined)

    asList(data.sections).forEach((s, si) => {
      if (!isObject(s) || typeof s.section !== 'string') return
      const sPath: JsonPath = ['sections', si]
      const n = childNumber(chapterNumber, 1, si + 1)
      const section: DraftEntry = {
        id: s.section,
        ...n,
        kind: 'section',
        sourceKind: 'section',
        parent: chapter.id,
        children: [],
        chapter: chapter.id,
        section: s.section,
        depth: 1,
        text: rawText(s, 'text', file, sPath),
        tocTitle: rawText(s, 'toc_entry', file, sPath),
        snippet: rawText(s, 'snippet', file, sPath),
        heading: true,
        steps: flag(s, 'steps'),
        new: flag(s, 'new'),
        examples: [],
        file,
        idPath: [...sPath, 'section'],
      }
      add(section, chapter)

      let ruleIndex = 0
      asList(s.rules).forEach((r, ri) => {
        if (!isObject(r)) return
        const rPath: JsonPath = [...sPath, 'rules', ri]
        if ('timing_structure' in r) {
          collectTiming(r, rPath, section, file, add, () => ++ruleIndex)
          return
        }
        const id = typeof r.subsection === 'string' ? r.subsection : typeof r.rule === 'string' ? r.rule : undefined
        if (id === undefined) return
        const isSub = typeof r.subsection === 'string'
        const steps = flag(r, 'steps')
        const rn = childNumber(section.number, 2, ++ruleIndex)
        const rule: DraftEntry = {
          id,
          ...rn,
          kind: 'rule',
          sourceKind: isSub ? 'subsection' : 'rule',
          parent: section.id,
          children: [],
          chapter: chapter.id,
          section: section.id,
          depth: 2,
          text: rawText(r, 'text', file, rPath),
          snippet: rawText(r, 'snippet', file, rPath),
          heading: flag(r, 'toc'),
          steps,
          new: flag(r, 'new'),
          examples: examplesOf(r, file, rPath),
          file,
          idPath: [...rPath, isSub ? 'subsection' : 'rule'],
        }
        add(rule, section)

        let subIndex = 0
        // The official generator drops the children of a `rule:` (only a
        // `subsection:` has sub-rules); validation warns, numbering follows it.
        asList(isSub ? r.rules : []).forEach((c, k) => {
          if (!isObject(c)) return
          const cid = typeof c.rule === 'string' ? c.rule : typeof c.subsection === 'string' ? c.subsection : undefined
          if (cid === undefined) return
          const cPath: JsonPath = [...rPath, 'rules', k]
          const cn = childNumber(rule.number, 3, ++subIndex)
          add(
            {
              id: cid,
              ...cn,
              kind: steps ? 'step' : 'subrule',
              sourceKind: typeof c.subsection === 'string' ? 'subsection' : 'rule',
              parent: rule.id,
              children: [],
              chapter: chapter.id,
              section: section.id,
              depth: 3,
              text: rawText(c, 'text', file, cPath),
              heading: flag(c, 'toc'),
              steps: false,
              new: flag(c, 'new'),
              examples: examplesOf(c, file, cPath),
              file,
              idPath: [...cPath, typeof c.rule === 'string' ? 'rule' : 'subsection'],
            },
            rule,
          )
        })
      })
    })
  })

  return { entries, byId, duplicates }
}

/**
 * Chapter 11's timing structures have no IDs in the source; elements get the
 * IDs the rules team's generator gives them (since April 2026): their
 * section's ID and list path (`sec_appendix_timing_structure_of_a_run_2_b_i`).
 * Our earlier versions wrote `<section>__2_b_i`; those resolve as renamed
 * (`versions/legacy-ids.ts`). Numbered by list position like the published
 * lists (1., a., i.).
 */
function collectTiming(
  r: Record<string, unknown>,
  rPath: JsonPath,
  section: DraftEntry,
  file: string,
  add: (e: DraftEntry, parent: DraftEntry | undefined) => void,
  nextTopIndex: () => number,
) {
  // `timing_structure:` is a flag; `bold` and `elements` are its siblings.
  const bold = flag(r, 'bold')
  const elementsOf = (o: unknown) => (isObject(o) ? asList(o.elements) : [])
  const walk = (elements: unknown[], parent: DraftEntry, level: number, path: JsonPath, idStem: string) => {
    let index = 0
    elements.forEach((el, i) => {
      if (!isObject(el)) return
      const elPath: JsonPath = [...path, 'elements', i]
      const n = level === 1 ? timingNumber(section.number, 1, nextTopIndex()) : timingNumber(parent.number, level, ++index)
      const key = n.label.slice(0, -1)
      const entry: DraftEntry = {
        id: `${idStem}_${key}`,
        ...n,
        kind: 'timing',
        sourceKind: 'timing',
        parent: parent.id,
        children: [],
        chapter: section.chapter,
        section: section.id,
        depth: 1 + level,
        text: rawText(el, 'text', file, elPath),
        heading: false,
        steps: false,
        new: flag(el, 'new'),
        bold: bold && level === 1,
        timingLevel: level,
        examples: [],
        file,
        idPath: [...elPath, 'text'],
      }
      add(entry, parent)
      walk(elementsOf(el), entry, level + 1, elPath, entry.id)
    })
  }
  walk(elementsOf(r), section, 1, rPath, section.id)
}
