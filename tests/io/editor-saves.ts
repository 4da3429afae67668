/**
 * A child process for tests/io/lost-update.test.ts: runs `cr` (from source) with an editor that saves
 * `FILE` while the command runs — at the moment the command has written and fsynced its
 * replacement beside it, the last instant before the rename, where a check at the start of the
 * write would no longer see it. The editor saves atomically (a temporary file renamed over `FILE`,
 * as editors do) or in place (`in-place`).
 *
 * argv: FILE EDIT (a file holding the text the editor saves) MODE (`rename` or `in-place`) -- cr arguments…
 * Prints `{ code, stdout, stderr, saved }` as JSON.
 */
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { memoryIo } from '../../src/cli/cli-io.ts'
import { main } from '../../src/cli/main.ts'

const [file, edit, mode, dashes, ...argv] = process.argv.slice(2)
if (!file || edit === undefined || dashes !== '--') throw new Error('usage: editor-saves.ts FILE EDIT rename|in-place -- cr-args…')
const text = fs.readFileSync(edit)
const realFsync = fs.fsyncSync
const target = basename(file)
let saved = false
// src/io reads node:fs through its ESM namespace; syncBuiltinESMExports makes it see this wrapper.
fs.fsyncSync = (fd: number) => {
  realFsync(fd)
  if (saved) return
  // The command's own temporary file for FILE (`.<name>.cr-<pid>-<random>.tmp`), just written and fsynced.
  const link = fs.readlinkSync(`/proc/self/fd/${fd}`)
  if (!basename(link).startsWith(`.${target}.cr-`)) return
  saved = true
  if (mode === 'in-place') fs.writeFileSync(file, text)
  else {
    const temp = join(dirname(file), `.${target}.editor-save`)
    fs.writeFileSync(temp, text)
    fs.renameSync(temp, file)
  }
}
syncBuiltinESMExports()

// Run from the repository (where tsx resolves); the command's folder is EDITOR_SAVES_CWD.
const io = memoryIo({ cwd: process.env.EDITOR_SAVES_CWD ?? process.cwd() })
const code = await main(argv, io)
process.stdout.write(JSON.stringify({ code, stdout: io.out(), stderr: io.err(), saved }))
