/**
 * Editors write files beside the one being edited: Emacs a lock (a symbolic
 * link to nowhere) and backups, Vim swap files, VS Code and JetBrains the
 * temporary files of a safe save. None of them is a source: each tool that
 * reads a rules folder — `cr check`, `cr fmt`, `cr release`, the language
 * server, the live preview — leaves them out (`src/core/editor-files.ts`).
 * One case per editor, with the names it really writes.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EDITOR_ARTIFACTS, isEditorArtifact, isRulesSourcePath } from '../../src/core/editor-files.ts'
import { readRulesDir } from '../../src/io/read-sources.ts'
import { RulesWorkspace } from '../../src/lsp/workspace.ts'
import { runCr, repoRoot } from '../cli/run-cr.ts'
import { startClient } from '../lsp/lsp-client.ts'

/** Today's rules and the newest release, with `names` written beside 06_runs.yaml as the editor writes them. */
function treeWith(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cr-editor-files-'))
  cpSync(join(repoRoot, 'rules'), join(dir, 'rules'), { recursive: true })
  mkdirSync(join(dir, 'releases'))
  cpSync(join(repoRoot, 'releases/v26.03'), join(dir, 'releases/v26.03'), { recursive: true })
  const runs = readFileSync(join(dir, 'rules/06_runs.yaml'), 'utf8')
  for (const name of names) {
    const path = join(dir, 'rules', name)
    // Emacs's lock is a symbolic link whose target is `user@host.pid:boot`: it exists nowhere.
    if (name.startsWith('.#')) symlinkSync('editor@host.4242:1700000000', path)
    // Backups and temporary files hold YAML: a half-written copy, an older version that would clash.
    else if (/~$|vsctmp$|jb_|\.swp$/.test(name)) writeFileSync(path, name.endsWith('.swp') ? Buffer.from([0x62, 0x30, 0x56, 0x49, 0x4d, 0, 0xff, 0xfe]) : runs.slice(0, runs.length / 2))
    else writeFileSync(path, 'chapter: [\n')
  }
  return dir
}

describe('editor files in a rules folder', () => {
  it('the table names what each editor writes, and no source name is taken for one', () => {
    for (const row of EDITOR_ARTIFACTS) for (const name of row.examples) expect(isEditorArtifact(name), `${row.editor}: ${name}`).toBe(true)
    for (const name of readRulesDir(join(repoRoot, 'rules'), repoRoot).map((f) => f.path)) expect(isRulesSourcePath(name)).toBe(true)
    for (const name of ['06_runs.yaml', 'release.yml', 'retired.yaml', '11_appendix_timing_structures.yaml']) expect(isEditorArtifact(name)).toBe(false)
  })

  it.each(EDITOR_ARTIFACTS.map((row) => [row.editor, row.examples] as const))('%s: cr check, cr fmt, cr release and the language server leave its files out', async (editor, names) => {
    const dir = treeWith(names)
    const rules = join(dir, 'rules')
    expect(readRulesDir(rules, dir).map((f) => f.path.split('/').pop())).not.toEqual(expect.arrayContaining([expect.stringMatching(/^[.#]|~$|tmp|jb_/)]))

    const check = await runCr(['check', '--json', 'rules'], dir)
    const messages = JSON.parse(check.stdout).messages as { file: string; code: string }[]
    expect(messages.filter((m) => names.some((n) => m.file.endsWith(n)))).toEqual([])
    expect(check.code, JSON.stringify(messages.slice(0, 3))).toBe(0)

    const fmt = await runCr(['fmt', '--check', 'rules'], dir)
    expect(fmt.code, fmt.stderr).toBe(0)
    expect(fmt.stderr).toContain('cr fmt: 14 files in the canonical layout')

    // A freeze copies sources only.
    writeFileSync(join(rules, 'release.yaml'), readFileSync(join(rules, 'release.yaml'), 'utf8').replace('version: v26.03', 'version: v26.09'))
    writeFileSync(join(rules, 'changelog.yaml'), '# yaml-language-server: $schema=../schema/changelog.schema.json\nchangelog:\n- text: Tested what editors leave behind.\n')
    const release = await runCr(['release', 'v26.09'], dir)
    expect(release.code, release.stderr).toBe(0)
    expect(release.stderr).toContain('froze 13 files of rules into releases/v26.09/')

    // The language server: the folder as it reads it, and a session over the real protocol.
    const ws = new RulesWorkspace(rules, dir, undefined)
    expect(ws.files().map((f) => f.path.split('/').pop())).toHaveLength(14)
    const client = await startClient({ cwd: dir })
    try {
      const uri = client.uri(join(rules, '06_runs.yaml'))
      const published = client.waitFor(uri)
      await client.open(uri, readFileSync(join(rules, '06_runs.yaml'), 'utf8'))
      expect(await published).toEqual([])
      const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: readFileSync(join(rules, '06_runs.yaml'), 'utf8').split('\n').findIndex((l) => l.includes('{ref:rule_end_the_run}')), character: readFileSync(join(rules, '06_runs.yaml'), 'utf8').split('\n').find((l) => l.includes('{ref:rule_end_the_run}'))!.indexOf('rule_end_the_run') + 2 } })
      expect(hover?.contents.value).toMatch(/^\*\*6\.1\.4\*\*/)
      // Opening an editor's file is not a rules file: no diagnostics, no answers.
      for (const name of names.filter((n) => n.endsWith('.yaml'))) {
        const other = client.uri(join(rules, name))
        await client.open(other, 'chapter: [\n')
        expect(await client.request('textDocument/hover', { textDocument: { uri: other }, position: { line: 0, character: 2 } })).toBeNull()
      }
    } finally {
      client.close()
    }
    expect(editor).toBeTruthy()
  }, 180_000)

  it('the live preview watches sources only', () => {
    for (const row of EDITOR_ARTIFACTS) for (const name of row.examples) expect(isRulesSourcePath(`/x/rules/${name}`)).toBe(false)
    expect(isRulesSourcePath('/x/rules/06_runs.yaml')).toBe(true)
  })
})
