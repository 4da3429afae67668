/** What a citation form is: the two kinds the tables in `index.ts` hold. */
import type { FileScan, ScannerSetup } from '../context.ts'

export interface CaptureForm {
  name: string
  /** Add hits (`scan.hits`) and the spans read (`scan.spans`). */
  find(scan: FileScan): void
}

export interface WordForm {
  name: string
  /** This form's alternative in the main expression, or undefined when the configuration turns it off. */
  source(setup: ScannerSetup): string | undefined
  /** Read the match at `offset`; returns where the search goes on (when past the match), or undefined. */
  read(scan: FileScan, offset: number, match: string): number | undefined
}
