/** How a release is named: `v24.03` (and so are the folders under `releases/`). */
export const RELEASE_NAME = /^v\d{2}\.\d{2}$/

/** `24.03`, `v24.03`, `V24.03` → `v24.03`; anything else as written (trimmed), for an "unknown release" message. */
export function normalizeVersion(written: string): string {
  const digits = /^v?(\d{2}\.\d{2})$/i.exec(written.trim())?.[1]
  return digits === undefined ? written.trim() : `v${digits}`
}
