/**
 * The site's view of the releases side by side: changes pages, each rule's
 * history, `/r/<old-id>/` for retired IDs, and the version switcher's maps.
 * Everything comes from the pure version index (`src/core/versions/`); this
 * module only decides URLs and words, once per build.
 */
import type { ResolvedRelease } from '../../src/core/model/types.ts'
import { indexView } from '../../src/core/render/document.ts'
import type { CompiledDocument, RuleEntry } from '../../src/core/types.ts'
import {
  CHANGE_KINDS,
  createVersionIndex,
  CURRENT,
  describeStepPhrases,
  groupByChapter,
  summarizePhrase,
  type DiffEntry,
  type DiffStore,
  type ExampleChange,
  type ReleaseDiff,
  type Retirements,
  type RuleHistory,
  type VersionIndex,
} from '../../src/core/versions/index.ts'
import { joinPhrases } from '../../src/core/phrase.ts'
import { reasonPhrase } from '../../src/core/versions/reason.ts'
import { chapterSlug, routes, siteRoutes, type Routes } from '../shared/routes.ts'
import type { SwitchTarget, ChangeEntryView, ChangesPage, ExampleDiff, HistoryStepView, HistoryView, RetiredPage, SiteData, TextPart } from './types.ts'

export interface VersionSource {
  /** The index's name: the release's version, or `current` for `rules/`. */
  key: string
  /** Its resolved model (what diffs compare; its index view is what they show). */
  model: ResolvedRelease
  /** Where the site serves it; absent when it is not built (`CR_RELEASES`). */
  base?: string
  /** Its summary of changes, linking to its chapter pages (built releases). */
  changelog?: { html: string }[]
}

export interface VersionData {
  index: VersionIndex
  /** Current rule ID → its history. */
  histories: Map<string, HistoryView>
  changes: ChangesPage[]
  retired: RetiredPage[]
  switchMaps: SiteData['switchMaps']
  /** Release key → its changes page. */
  changesUrl: Map<string, string>
}

/** `v24.03`; the editable rules are "current rules". */
export const versionLabel = (key: string) => (key === CURRENT ? 'current rules' : key)


/**
 * `sources`: every release, oldest first, then the current rules (key
 * `current`). Only sources with a `base` get pages and links.
 */
export function buildVersionData(sources: VersionSource[], retired: Retirements, diffStore?: DiffStore): VersionData {
  const current = sources.find((s) => s.key === CURRENT)
  const frozen = sources.filter((s) => s.key !== CURRENT)
  const index = createVersionIndex({ releases: frozen.map((s) => s.model), ...(current ? { current: current.model } : {}), retired, ...(diffStore ? { diffStore } : {}) })
  const byKey = new Map(
    sources.map((s) => {
      const doc = indexView(s.model)
      const byId = new Map(doc.rules.map((r) => [r.id, r]))
      const at: Routes | undefined = s.base === undefined ? undefined : routes({ base: s.base, chapterOf: (id) => {
        const r = byId.get(id)
        return r && chapterSlug(r.chapter)
      } })
      return [s.key, { ...s, doc, byId, routes: at }]
    }),
  )
  const versions = index.versions

  /** The rule's anchor in a built release. */
  const urlIn = (key: string, id: string | undefined): string | undefined => {
    const s = byKey.get(key)
    return s?.routes && id !== undefined && s.byId.has(id) ? s.routes.rule(id) : undefined
  }
  // A reason's `{ref:ID}` reads as a reference does: the rule's number in the release the reader is
  // told about, linked there; an ID that release lacks stays an ID.
  const reasonParts = (key: string, reason: string): TextPart[] =>
    reasonPhrase(reason).map((p) => {
      if (!p.code) return { text: p.text }
      const number = byKey.get(key)?.byId.get(p.text)?.number
      const url = byKey.get(key)?.routes?.rule(p.text)
      return number !== undefined ? { text: number, ...optional('url', url) } : { text: p.text, code: true, ...optional('url', url) }
    })
  const effective = (key: string) => byKey.get(key)?.doc.release.effective ?? ''

  // Changes pages: every built release that has one before it; the current
  // rules only when they differ from the last release.
  const changes: ChangesPage[] = []
  const anchors = new Map<string, Map<DiffEntry, string>>()
  const changesUrl = new Map<string, string>()
  const diffs = new Map<string, ReleaseDiff>()
  for (const key of versions) {
    const diff = index.changesIn(key)
    if (!diff || !byKey.get(key)?.base) continue
    if (key === CURRENT && diff.entries.length === 0) continue
    diffs.set(key, diff)
    changesUrl.set(key, siteRoutes.changes(key))
  }
  for (const [key, diff] of diffs) {
    const from = versions[versions.indexOf(key) - 1]!
    const used = new Set<string>()
    const ids = new Map<DiffEntry, string>()
    for (const e of diff.entries) {
      let anchor = e.id
      for (let n = 2; used.has(anchor); n++) anchor = `${e.id}--${n}`
      used.add(anchor)
      ids.set(e, anchor)
    }
    anchors.set(key, ids)
    const view = (e: DiffEntry): ChangeEntryView => {
      const removed = e.change === 'removed'
      const oldId = e.oldId ?? e.id
      const v: ChangeEntryView = { anchor: ids.get(e)!, changes: e.changes, kind: e.kind, id: e.id }
      if (e.oldId !== undefined) v.oldId = e.oldId
      if (!removed && e.newNumber !== undefined) {
        v.number = e.newNumber
        const url = urlIn(key, e.id)
        if (url) v.url = url
      }
      if (e.change !== 'added' && e.oldNumber !== undefined) {
        v.oldNumber = e.oldNumber
        const url = urlIn(from, oldId)
        if (url) v.oldUrl = url
      }
      if (e.title !== undefined) v.title = e.title
      if (e.reason !== undefined) v.reason = reasonParts(key, e.reason)
      if (e.inferred) v.inferred = true
      if (e.targets) v.targets = e.targets.map((id) => ({ id, ...optional('url', urlIn(key, id)) }))
      if (e.wordDiff) v.diff = e.wordDiff
      if (e.examples && e.examples.length > 0) v.examples = e.examples.map(exampleDiff)
      return v
    }
    changes.push({
      key,
      url: changesUrl.get(key)!,
      title: key === CURRENT ? `Unreleased changes since ${from}` : `Changes in ${key}`,
      from: { key: from, label: versionLabel(from), effective: effective(from) },
      to: { key, label: versionLabel(key), effective: effective(key) },
      counts: CHANGE_KINDS.filter((k) => diff.counts[k] > 0).map((k) => [k, diff.counts[k]]),
      entries: diff.entries.length,
      changelog: key === CURRENT ? [] : (byKey.get(key)?.changelog ?? []),
      chapters: groupByChapter(diff).map((g) => ({
        id: g.chapter.id,
        number: g.chapter.number,
        title: g.chapter.title,
        anchor: `g-${g.chapter.id}`,
        entries: g.entries.map(view),
      })),
    })
  }
  changes.reverse()

  /** Where a history step is on its release's changes page. */
  const stepUrl = (key: string, id: string, oldId?: string): string | undefined => {
    const diff = diffs.get(key)
    const page = changesUrl.get(key)
    if (!diff || !page) return undefined
    const ids = anchors.get(key)!
    const entry =
      diff.entries.find((e) => e.id === id && e.change !== 'removed') ??
      diff.entries.find((e) => e.change === 'added' && e.parent === id) ??
      (oldId !== undefined ? diff.entries.find((e) => (e.oldId ?? e.id) === oldId) : undefined)
    return entry ? siteRoutes.changes(key, ids.get(entry)) : page
  }

  const all = index.history()
  const histories = new Map<string, HistoryView>()
  const currentIds = new Set((current ?? frozen[frozen.length - 1])?.model.entries.map((r) => r.id))
  for (const [id, h] of all) {
    if (!currentIds.has(id)) continue
    const steps = h.steps.flatMap((step, i): HistoryStepView[] => {
      const what = describeStepPhrases(step)
      if (i === 0 ? !step.absorbed?.length : what.length === 0) return []
      const v: HistoryStepView = { key: step.version, label: versionLabel(step.version), number: step.number, what: joinPhrases(what, ', ') }
      if (step.wordDiff) v.diff = step.wordDiff
      if (step.examples && step.examples.length > 0) v.examples = step.examples.map(exampleDiff)
      const url = stepUrl(step.version, step.id, step.from?.id)
      if (url) v.url = url
      return [v]
    })
    histories.set(id, { summary: summaryParts(h), steps, since: h.since, changed: steps.length > 0 || h.since !== versions[0] })
  }

  // `/r/<id>/` for every ID some release had (and every retired ID) that the current rules lack.
  const retiredPages: RetiredPage[] = []
  const candidates = new Set<string>([...all.keys(), ...retired.byId.keys()])
  const today = byKey.get(versions[versions.length - 1]!)!
  for (const id of [...candidates].sort()) {
    if (today.byId.has(id)) continue
    const r = index.redirect(id)
    if (r.status === 'current' || r.status === 'unknown') continue
    const h = all.get(id)
    const lastStep = h?.steps[h.steps.length - 1]
    const page: RetiredPage = { id, status: r.status, summary: h ? summaryParts(h) : [] }
    const to = r.id !== undefined ? today.byId.get(r.id) : undefined
    const toUrl = to ? urlIn(today.key, to.id) : undefined
    if (to && toUrl) page.to = { id: to.id, number: to.number, url: toUrl }
    else if (r.status !== 'removed') continue
    if (lastStep) {
      page.last = { key: lastStep.version, label: versionLabel(lastStep.version), effective: lastStep.effective, number: lastStep.number, ...optional('url', urlIn(lastStep.version, lastStep.id)) }
    }
    const droppedIn = h?.retired?.version
    if (droppedIn) page.removedIn = { key: droppedIn, label: versionLabel(droppedIn), ...optional('url', stepUrl(droppedIn, '', id)) }
    const reason = r.retirement?.reason ?? h?.retired?.reason
    if (reason !== undefined) page.reason = reasonParts(today.key, reason)
    retiredPages.push(page)
  }

  // The version switcher: from each built release to each other, the rules
  // whose place differs (renamed, moved to another chapter, gone): `[chapter slug, ID]` there; a rule with no
  // equivalent there (removed since, or not yet written) the nearest section the index falls back to, marked
  // `0` so the page says the rule is absent rather than passing the section off as it; '' when none.
  const switchMaps: SiteData['switchMaps'] = {}
  const built = sources.filter((s) => s.base)
  for (const from of built) {
    const maps: Record<string, Record<string, SwitchTarget>> = (switchMaps[from.key] = {})
    for (const to of built) {
      if (to === from) continue
      const target = byKey.get(to.key)!
      const map: Record<string, SwitchTarget> = (maps[to.key] = {})
      for (const r of from.model.entries) {
        const m = index.mapId(r.id, from.key, to.key)
        const there: RuleEntry | undefined = m.id === undefined ? undefined : target.byId.get(m.id)
        if (!there) map[r.id] = ''
        else if (!m.exact) map[r.id] = [chapterSlug(there.chapter), there.id, 0]
        else if (there.id !== r.id || there.chapter !== r.chapter) map[r.id] = [chapterSlug(there.chapter), there.id]
      }
    }
  }

  return { index, histories, changes, retired: retiredPages, switchMaps, changesUrl }
}

/** The history sentence, with the current rules named as such. */
function summaryParts(h: RuleHistory): TextPart[] {
  const last = h.steps[h.steps.length - 1]!
  if (h.since === CURRENT && !h.retired) return [{ text: `${last.number}: new in the current rules, not yet in a release` }]
  return summarizePhrase(h, (v) => (v === CURRENT ? 'the current rules' : v))
}

function exampleDiff(x: ExampleChange): ExampleDiff {
  return { label: `Example ${x.index} ${x.change}`, diff: x.wordDiff }
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>))
