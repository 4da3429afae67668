/**
 * Files editors leave beside the file being edited: locks, swap files,
 * autosaves, backups and the temporary files of "safe" saves. A folder of
 * rules is read wherever one is read (`cr check`, `cr fmt`, `cr release`,
 * the language server, the live preview) through `isRulesSourceName`, so none
 * of them is ever read, reported, formatted, frozen or watched — Emacs's lock
 * `.#06_runs.yaml` is a symbolic link to nowhere, and reading it failed every
 * tool at once.
 *
 * A table, one row per editor, so a new one is a row (and a test case).
 */

export interface EditorArtifacts {
  editor: string
  /** What it writes, in words, for the README and the tests. */
  what: string
  /** Examples of names it writes next to `06_runs.yaml`. */
  examples: string[]
  test(name: string): boolean
}

export const EDITOR_ARTIFACTS: readonly EditorArtifacts[] = [
  {
    editor: 'Emacs',
    what: 'lock (a symbolic link to nowhere), auto-save, backups',
    examples: ['.#06_runs.yaml', '#06_runs.yaml#', '06_runs.yaml~', '06_runs.yaml.~1~'],
    test: (n) => n.startsWith('.#') || (n.startsWith('#') && n.endsWith('#')) || n.endsWith('~'),
  },
  {
    editor: 'Vim and Neovim',
    what: 'swap files, undo files, backups, the write test file `4913`',
    examples: ['.06_runs.yaml.swp', '.06_runs.yaml.swo', '.06_runs.yaml.un~', '06_runs.yaml~', '4913'],
    test: (n) => /^\..*\.sw[a-p]$/.test(n) || /^\..*\.un~$/.test(n) || n.endsWith('~') || n === '4913',
  },
  {
    editor: 'VS Code',
    what: 'the temporary file of an atomic save',
    examples: ['06_runs.yaml.vsctmp', '.06_runs.yaml.vsctmp'],
    test: (n) => n.endsWith('.vsctmp'),
  },
  {
    editor: 'JetBrains IDEs',
    what: 'the temporary and old files of a "safe write"',
    examples: ['06_runs.yaml___jb_tmp___', '06_runs.yaml___jb_old___', '06_runs.yaml__jb_bak__'],
    test: (n) => /_{2,3}jb_(tmp|old|bak)_{2,3}$/.test(n),
  },
  {
    editor: 'any (hidden files)',
    what: 'hidden files: Kate\'s swap, macOS\'s `._` resource forks, gedit\'s `.goutputstream-*`',
    examples: ['.06_runs.yaml.kate-swp', '._06_runs.yaml', '.goutputstream-4XK2V1'],
    test: (n) => n.startsWith('.'),
  },
]

/** A file some editor wrote beside a source, never a source itself. */
export function isEditorArtifact(name: string): boolean {
  return EDITOR_ARTIFACTS.some((row) => row.test(name))
}

/** A file of a rules folder that the tools read: YAML, and not an editor's. `name` is a base name. */
export function isRulesSourceName(name: string): boolean {
  return /\.ya?ml$/.test(name) && !isEditorArtifact(name)
}

/** The same for a path (its last segment). */
export function isRulesSourcePath(path: string): boolean {
  return isRulesSourceName(path.split(/[\\/]/).pop() ?? path)
}
