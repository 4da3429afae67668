/**
 * How `cr rename` and `cr retire` write what they planned: in the order given (references first, so
 * a run cut short is finished by running the same command again), each file verified and replaced
 * only while it still holds the bytes that were read (`src/io`). A failure says how many files were
 * written and how to finish.
 */
import { join } from 'node:path'
import type { Diagnostic } from '../../core/types.ts'
import type { IoContext } from '../../io/context.ts'
import { FileChangedError, replaceFileVerified, WriteFailedError, writeNewFileVerified } from '../../io/durable-write.ts'
import type { CliIo } from '../cli-io.ts'
import { ioAdvice, writeFailure, writeFailures } from '../report.ts'

export interface PlannedWrite {
  path: string
  text: string
  /** The bytes read: replaced only while the file still holds them; none for a new file. */
  expected: Uint8Array | undefined
}

/** Each written path on stdout; false (after saying so) when a write failed. `noun`: "rename", "retirement". */
export function writePlanned(writes: readonly PlannedWrite[], command: 'rename' | 'retire', noun: string, rerun: string, io: CliIo, ctx: IoContext): boolean {
  let written = 0
  for (const w of writes) {
    try {
      if (w.expected) replaceFileVerified(join(ctx.cwd, w.path), w.text, { expected: w.expected })
      else writeNewFileVerified(join(ctx.cwd, w.path), w.text)
    } catch (error) {
      if (!(error instanceof WriteFailedError)) throw error
      const failed: Diagnostic[] = [writeFailure(w.path, error, `cr ${command}`, rerun)]
      writeFailures(io, failed, 'text', command)
      const advice = error instanceof FileChangedError ? `run \`${rerun}\` again: it finishes the ${noun}` : ioAdvice(error.errno, rerun)
      io.stderr.write(`cr ${command}: ${written} of ${writes.length} files written before the failure, the others unchanged; ${advice}\n`)
      return false
    }
    written++
    io.stdout.write(`${w.path}\n`)
  }
  return true
}
