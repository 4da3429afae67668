/**
 * Chapter 11's timing structures as step trees (`timing.json`, the
 * runtime's `timing`): the state machine an engine implements.
 */
import { INDEX_FORMAT } from '../index-json.ts'
import type { CompiledDocument, RuleEntry } from '../types.ts'

export type TimingKind = 'phase' | 'step' | 'branch'

export interface TimingNode {
  id: string
  number: string
  label: string
  kind: TimingKind
  text: string
  /** The prose rule or step this element summarises. */
  prose: string | null
  /** `If yes, …` / `If no, …` branches of a question. */
  answer?: 'yes' | 'no'
  /** `Go to (d)`, `Return to (a)`, `If no, go to (4)`: the element control moves to. */
  goto?: string
  children: TimingNode[]
}

export interface TimingStructure {
  id: string
  number: string
  title: string
  /** The prose section the structure summarises (`sec_steps_of_a_run`). */
  prose: string | null
  elements: TimingNode[]
}

export interface TimingFile {
  $schema: string
  format: number
  version: string
  structures: Record<string, TimingStructure>
}

/** Keys engines read, by the prose section a structure summarises. */
const STRUCTURE_KEYS: Record<string, string> = {
  sec_steps_corp_turn: 'corpTurn',
  sec_steps_runner_turn: 'runnerTurn',
  sec_steps_of_a_run: 'run',
  sec_breaching_steps: 'breach',
  sec_steps_accessing_card: 'access',
}

/**
 * Chapter 11's timing structures as trees. Top-level elements are phases
 * (steps when a structure has no phases, like breach and access), nested ones
 * steps, the third level the branches of a question. `goto` resolves the
 * printed jumps: `(d)` is a step of the current phase, `(4)` a top-level element.
 */
export function buildTimingTrees(document: CompiledDocument): TimingFile {
  const byId = new Map(document.rules.map((r) => [r.id, r]))
  const structures: Record<string, TimingStructure> = {}
  for (const section of document.rules) {
    if (section.kind !== 'section') continue
    const top = section.children.map((id) => byId.get(id)).filter((r): r is RuleEntry => r?.kind === 'timing')
    if (top.length === 0) continue
    const hasPhases = top.some((t) => t.children.length > 0 && t.bold === true)
    const proseSection = top[0]?.prose ? byId.get(top[0].prose)?.parent ?? null : null
    const node = (r: RuleEntry, level: number, phase: RuleEntry | undefined): TimingNode => {
      const kind: TimingKind = level === 1 ? (hasPhases ? 'phase' : 'step') : level === 2 && hasPhases ? 'step' : 'branch'
      const n: TimingNode = { id: r.id, number: r.number, label: r.label, kind, text: r.text, prose: r.prose ?? null, children: [] }
      const answer = /^If (yes|no)\b/i.exec(r.text)?.[1]?.toLowerCase()
      if (answer === 'yes' || answer === 'no') n.answer = answer
      const jump = /\b(?:go|return) to \((\w+)\)/i.exec(r.text)?.[1]
      if (jump) {
        const target = /^\d+$/.test(jump)
          ? top[Number(jump) - 1]
          : (phase ?? r).children.map((id) => byId.get(id)).find((c) => c?.label === `${jump}.`)
        if (target) n.goto = target.id
      }
      const scope = level === 1 ? r : phase
      n.children = r.children.map((id) => byId.get(id)).filter((c): c is RuleEntry => c !== undefined).map((c) => node(c, level + 1, scope))
      return n
    }
    const key = (proseSection && STRUCTURE_KEYS[proseSection]) ?? camel(section.id.replace(/^sec_appendix_timing_structure_(?:of_)?/, ''))
    structures[key] = {
      id: section.id,
      number: section.number,
      title: section.tocTitle ?? section.title ?? section.text,
      prose: proseSection,
      elements: top.map((t) => node(t, 1, undefined)),
    }
  }
  return { $schema: './timing.schema.json', format: INDEX_FORMAT, version: document.release.version, structures }
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
