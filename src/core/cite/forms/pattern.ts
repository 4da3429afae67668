/**
 * Project patterns (`cite.patterns` in cr.config.json): whatever the named
 * group `ref` (else the first group, else the match) captures is a list of
 * IDs or numbers, each a citation whatever it looks like; the group
 * `version` names their release. Run by a linear-time engine (`pattern.ts`).
 */
import type { FileScan } from '../context.ts'
import { tokenizeCapture } from '../grammar.ts'
import { captureHits } from './capture.ts'
import type { CaptureForm } from './form.ts'

export const projectPatterns: CaptureForm = {
  name: 'pattern',
  find(scan: FileScan) {
    const { text } = scan
    for (const re of scan.setup.config.patterns) {
      re.lastIndex = 0
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (m[0].length === 0) re.lastIndex++
        const indices = m.indices!
        const range = indices.groups?.ref ?? indices[1] ?? indices[0]
        if (!range) continue
        scan.spans.push([range[0], range[1]])
        captureHits(scan, tokenizeCapture(text, range[0], range[1], scan.setup.between), m.groups?.version, 'pattern')
      }
    }
  },
}
