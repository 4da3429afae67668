/**
 * The package.json `npm pack` and `npm publish` ship: the repository's,
 * without `scripts`. Each script runs the repository's own tooling (`tsx`, a
 * devDependency), and one of them, `prepare` (the build `npm ci` runs in a
 * clone), would otherwise reach an engine's install as an install script of
 * this package — npm 11 lists it under `allowScripts` — that cannot run
 * there and has nothing to do: the package ships built.
 * Pure: text in, text out; `scripts/pack-manifest.ts` applies it at `prepack`.
 */
export function packedManifest(text: string): string {
  const { scripts: _scripts, ...shipped } = JSON.parse(text) as Record<string, unknown>
  return `${JSON.stringify(shipped, null, 2)}\n`
}
