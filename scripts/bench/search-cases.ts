/** The search benchmark's query set and its scoring, shared with the tests. */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { readText } from '../../src/io/files.ts'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')

export interface Case {
  q: string
  kind: 'question' | 'typo' | 'jargon' | 'card' | 'number' | 'id' | 'keyword' | 'forum'
  accept: string[]
  held?: boolean
  /** From the independent set (`search-queries-independent.yaml`). */
  independent?: boolean
  /** From the rulings set (`search-queries-rulings.yaml`, issue 20): forum and table questions in players' words. */
  rulings?: boolean
  /** From set A (`search-queries-set-a.yaml`, session 29): short queries written by someone who never saw the pipeline; measured, never tuned. */
  setA?: boolean
  /** From a set written by a stranger to the pipeline (`STRANGER_SETS`): C is studied, the others held aside (`HELD_STRANGER_SETS`: scores only). */
  stranger?: 'C' | 'D' | 'E' | 'F' | 'G' | 'H'
}

export const INDEPENDENT = join(ROOT, 'scripts/bench/search-queries-independent.yaml')

export function readCases(file = join(ROOT, 'scripts/bench/search-queries.yaml')): Case[] {
  return (parse(readText(file)) as { cases: Case[] }).cases
}

export const RULINGS = join(ROOT, 'scripts/bench/search-queries-rulings.yaml')

/** The rulings set, each case marked so (its `held` cases are its own held-aside part). */
export const readRulingsCases = (): Case[] => readCases(RULINGS).map((c) => ({ ...c, rulings: true }))

export const SET_A = join(ROOT, 'scripts/bench/search-queries-set-a.yaml')

/** Set A, each case marked so. */
export const readSetACases = (): Case[] => readCases(SET_A).map((c) => ({ ...c, setA: true }))

/**
 * Sets C, D (60 cases each) and E (80, rulings questions), session 31, each by someone who never saw the
 * pipeline; C is studied, D and E are held aside: their scores alone are read. F (60, session 32) was
 * written after the second voice of players' phrasings by someone who saw neither them nor the pipeline:
 * held aside too. G (30, session 35) asks from another angle, a new player reading a card's text, written from the CR text
 * before that session tuned anything: held aside too. H (40, session 36) asks as a tournament judge is asked mid-round,
 * typed fast on a phone (typos, "w/", "b4", "opp"), written from the CR text before that session tuned anything: held aside too.
 */
export const STRANGER_SETS = {
  C: join(ROOT, 'scripts/bench/search-queries-set-c.yaml'),
  D: join(ROOT, 'scripts/bench/search-queries-set-d.yaml'),
  E: join(ROOT, 'scripts/bench/search-queries-set-e.yaml'),
  F: join(ROOT, 'scripts/bench/search-queries-set-f.yaml'),
  G: join(ROOT, 'scripts/bench/search-queries-set-g.yaml'),
  H: join(ROOT, 'scripts/bench/search-queries-set-h.yaml'),
} as const
/** The stranger-written sets held aside: scores only, never listed case by case. */
export const HELD_STRANGER_SETS: ReadonlySet<keyof typeof STRANGER_SETS> = new Set(['D', 'E', 'F', 'G', 'H'] as const)
export const readStrangerCases = (set: keyof typeof STRANGER_SETS): Case[] => readCases(STRANGER_SETS[set]).map((c) => ({ ...c, stranger: set }))

/** The independent set, each case marked so. */
export const readIndependentCases = (): Case[] => readCases(INDEPENDENT).map((c) => ({ ...c, independent: true }))

/** Share of cases with an accepted rule in the first k results. */
export function topK(cases: Case[], ranked: string[][], k: number): number {
  if (cases.length === 0) return NaN
  const hits = cases.filter((c, i) => ranked[i]!.slice(0, k).some((id) => c.accept.includes(id))).length
  return hits / cases.length
}


/** Every stranger-written set, in order (C, D, E, F, G, H). */
export const readAllStrangerCases = (): Case[] => (Object.keys(STRANGER_SETS) as (keyof typeof STRANGER_SETS)[]).flatMap(readStrangerCases)
