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

export function pdfInfo(release: Pick<ReleaseData, 'title' | 'edition' | 'version' | 'effective'>): PdfInfo {
  return {
    title: `${release.title} ${release.edition}`,
    author: PUBLISHER,
    subject: release.edition === release.version ? `${release.version}, effective ${release.effective}` : release.edition,
    lang: 'en',
  }
}
