/**
 * What a command may touch of the outside world, injected so that tests run
 * `main(argv, io)` in-process and assert [exit code, stdout, stderr].
 */
export interface CliStream {
  write(text: string): unknown
  isTTY?: boolean
}

export interface CliIo {
  stdout: CliStream
  stderr: CliStream
  /** Relative paths in arguments are resolved against this folder. */
  cwd: string
  env: Record<string, string | undefined>
}

/** The real process. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env }
}

/** In-memory streams for tests: `const io = memoryIo(); await main(argv, io); io.out()`. */
export function memoryIo(options: { cwd?: string; env?: Record<string, string | undefined>; tty?: boolean } = {}): CliIo & { out(): string; err(): string } {
  let out = ''
  let err = ''
  return {
    stdout: { write: (t: string) => (out += t), isTTY: options.tty ?? false },
    stderr: { write: (t: string) => (err += t), isTTY: options.tty ?? false },
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? { NO_COLOR: '1' },
    out: () => out,
    err: () => err,
  }
}
