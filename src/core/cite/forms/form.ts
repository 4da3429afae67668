/** What a citation form is: the two kinds the tables in `index.ts` hold. */
import type { FileScan, ScannerSetup } from '../context.ts'

export interface CaptureForm {
  name: string
  /** Add hits (`scan.hits`) and the spans read (`scan.spans`). */
  find(scan: FileScan): void
}

/** What `WordForm.read` returns when the match is not its form after all: the search goes on from the next character. */
export const NOT_MINE = -1

export interface WordForm {
  name: string
  /** Read even where a capture form read already (a call checks its own literals against what was read). */
  readsInCaptures?: boolean
  /** This form's alternative in the main expression, or undefined when the configuration turns it off. */
  source(setup: ScannerSetup): string | undefined
  /** Read the match at `offset`; returns where the search goes on (when past the match), `NOT_MINE`, or undefined. */
  read(scan: FileScan, offset: number, match: string): number | undefined
}
