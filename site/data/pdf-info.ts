/**
 * The PDF's document information, from the release: its title and edition as
 * `/full/` prints them, and who publishes the rules. No release.yaml names an
 * author; the published documents' byline is "Null Signal Games" (under the
 * title, as in v24.03), which is also how `release.yaml`'s acknowledgements
 * name the rules team's group. Releases whose front matter we do not hold
 * (v22.12, v23.08) were published by Null Signal Games too.
 */
import type { ReleaseData } from './types.ts'
import type { PdfInfo } from '../integration/pdf-outline.ts'

export const PUBLISHER = 'Null Signal Games'

export function pdfInfo(release: Pick<ReleaseData, 'title' | 'edition' | 'version' | 'effective'>, env: NodeJS.ProcessEnv = process.env): PdfInfo {
  const date = documentDate(release.effective, env.SOURCE_DATE_EPOCH)
  return {
    title: `${release.title} ${release.edition}`,
    author: PUBLISHER,
    subject: release.edition === release.version ? `${release.version}, effective ${release.effective}` : release.edition,
    lang: 'en',
    ...(date ? { date } : {}),
  }
}

/**
 * The PDF's date, so printing the same rules again gives the same bytes:
 * `SOURCE_DATE_EPOCH` (the reproducible-builds convention: seconds since
 * 1970, e.g. the commit's date) when set, else the release's effective date
 * (`2026-03-02`, or a month: `2022-12` is its first day), else none (Chromium's).
 */
export function documentDate(effective: string, sourceDateEpoch?: string): Date | undefined {
  if (sourceDateEpoch !== undefined && /^\d{1,12}$/.test(sourceDateEpoch.trim())) return new Date(Number(sourceDateEpoch.trim()) * 1000)
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(effective.trim())
  if (!m) return undefined
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1))
  return Number.isNaN(date.getTime()) || date.getUTCMonth() !== Number(m[2]) - 1 ? undefined : date
}
