/**
 * The README's Neovim setup (editors/neovim/lua/cr.lua) with a real client:
 * Debian's Neovim 0.7.2, headless, editing a copy of the rules. It attaches
 * to rules folders only, shows cr check's message for a typo and applies its
 * quick fix, survives a half-typed {ref: with one message and completion at
 * the right numbers, hovers, goes to the definition, outlines, and renames
 * with the retirement entry (tests/lsp/neovim-driver.lua does the editing).
 */
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = join(import.meta.dirname, '../..')
const nvim = (() => {
  try {
    return /NVIM v(\d+)\.(\d+)/.exec(execFileSync('nvim', ['--version'], { encoding: 'utf8' }))
  } catch {
    return null
  }
})()
if (!nvim) console.warn('neovim.test.ts skipped: no `nvim` on PATH (apt-get install -y neovim; .ci/run installs it)')

describe.skipIf(!nvim)('Neovim (the README setup, headless)', () => {
  it(`attaches to rules folders only and does what an editor does (Neovim ${nvim?.[1]}.${nvim?.[2]})`, async () => {
    const tree = mkdtempSync(join(tmpdir(), 'cr-nvim-'))
    cpSync(join(repo, 'rules'), join(tree, 'rules'), { recursive: true })
    cpSync(join(repo, 'releases'), join(tree, 'releases'), { recursive: true })
    writeFileSync(join(tree, 'notes.yaml'), 'todo: [\n')
    const out = join(tree, 'out.json')
    // The server from the sources, as `npx cr lsp --stdio` would run the built one.
    const cmd = [process.execPath, '--import', join(repo, 'node_modules/tsx/dist/esm/index.mjs'), join(repo, 'tests/lsp/cr-from-source.ts'), 'lsp', '--stdio']
    const child = spawn('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '--cmd', `set rtp^=${join(repo, 'editors/neovim')}`, '-c', `luafile ${join(repo, 'tests/lsp/neovim-driver.lua')}`], {
      cwd: tree,
      env: { ...process.env, CR_TREE: tree, CR_OUT: out, CR_CMD: JSON.stringify(cmd) },
      stdio: 'ignore',
    })
    const code = await new Promise<number | null>((done) => child.on('exit', done))
    expect(code).toBe(0)
    const saw = JSON.parse(readFileSync(out, 'utf8'))
    expect(saw.error).toBeUndefined()
    expect(saw).toMatchObject({ notes_clients: 0, attached: true, client_name: 'cr' })
    expect(saw.hover).toMatch(/^\*\*6\.1\.4\*\* `rule_end_the_run`/)
    expect(saw.definition.uri ?? saw.definition[0]?.uri).toMatch(/rules\/06_runs\.yaml$/)
    expect(saw.typo).toEqual([expect.objectContaining({ code: 'unknown-rule', message: expect.stringContaining('did you mean `rule_sec_run_run_ends_phase`') })])
    expect(saw.fix_title).toBe('Change to `rule_sec_run_run_ends_phase`')
    expect(saw.after_fix).toBe(0)
    expect(saw.half_typed).toEqual([expect.objectContaining({ code: 'yaml-syntax', message: expect.stringMatching(/^Unfinished `\{ref:` at the end of a line/) })])
    expect(saw.half_typed_elsewhere).toBe(0)
    expect(saw.completion_rule_jacking_out).toBe(' 6.1.5')
    expect(saw.completion_chpt_access_breach).toBe(' 7')
    expect(saw.after_half_typed).toBe(0)
    expect(saw.outline).toBe('6 Runs')
    expect(saw.sections).toBe(9)
    expect(saw.renamed_files).toBeGreaterThanOrEqual(4)
    expect(saw.retired_tail).toMatch(/- id: rule_end_the_run\n {2}release: v26\.03\n {2}renamed_to: rule_ending_the_run/)
    // Saved as the editor saved them: cr check agrees.
    expect(readFileSync(join(tree, 'rules/06_runs.yaml'), 'utf8')).toContain('- subsection: rule_ending_the_run')
  }, 300_000)
})
