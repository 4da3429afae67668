/** What a file of a rules folder is, by its name alone (no parser, no compiler: `cr fmt` loads only this). */
export type FileRole = 'chapter' | 'changelog' | 'release' | 'other'

/** `06_runs.yaml` is a chapter; chapter order is the file-name order. */
export function roleOf(path: string): FileRole {
  const name = path.split(/[\\/]/).pop() ?? path
  if (/^\d+_[^/]*\.ya?ml$/.test(name)) return 'chapter'
  if (/^changelog\.ya?ml$/.test(name)) return 'changelog'
  if (/^release\.ya?ml$/.test(name)) return 'release'
  return 'other'
}
