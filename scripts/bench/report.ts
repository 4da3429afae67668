/**
 * What the bench scripts share: arguments, the median, the budget report
 * (one line per budget, `--json` for the whole list) and Lighthouse runs.
 */
import { spawnSync } from 'node:child_process'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../site/integration/chromium.ts'
import { listDir, readText } from '../../src/io/files.ts'

/** Clock ticks per second of /proc's times (USER_HZ). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

/**
 * User + system seconds of this process's children that have been waited for
 * (Linux: /proc/self/stat's cutime + cstime); undefined elsewhere.
 */
export function childrenCpu(): number | undefined {
  try {
    // After the command name (in parentheses, which may hold spaces): cutime and cstime are fields 16 and 17 of proc(5).
    const stat = readText('/proc/self/stat')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[13]) + Number(fields[14])) / TICKS
  } catch {
    return undefined
  }
}

/**
 * CPU seconds of a process and all its descendants, sampled from /proc while
 * it runs (Linux; undefined elsewhere). The kernel's children time
 * (`childrenCpu`) misses most of Chromium: its renderers are children of its
 * zygote, which exits without waiting for them, so their time is added to no
 * process the build waits for (a PDF print measured at 1.3–2 s of renderer
 * CPU added under 0.4 s to it). Every `everyMs` each process of the tree is
 * read (its own user + system time, by pid and start time, so a reused pid
 * is another process); the total is the last reading of each. Time a process
 * spends after its last reading is missed (at most `everyMs` each).
 */
export function sampleTreeCpu(rootPid: number, everyMs = 200): { stop(): number | undefined; byProgram(): Record<string, number> } {
  const seen = new Map<string, number>()
  /** Each process's program as last read (a child is read as `node` between its fork and its exec). */
  const programs = new Map<string, string>()
  const sample = () => {
    const parent = new Map<number, number>()
    const own = new Map<number, { key: string; cpu: number; program: string }>()
    for (const name of listDir('/proc')) {
      if (!/^\d+$/.test(name)) continue
      let stat: string
      try {
        stat = readText(`/proc/${name}/stat`)
      } catch {
        continue // gone since the listing
      }
      // After the command name (in parentheses, which may hold spaces): ppid is field 4, utime 14, stime 15, starttime 22.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(name), Number(f[1]))
      const program = Number(name) === rootPid ? 'build' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      own.set(Number(name), { key: `${name}:${f[19]}`, cpu: (Number(f[11]) + Number(f[12])) / TICKS, program })
    }
    for (const [pid, { key, cpu, program }] of own) {
      let p = pid
      for (let depth = 0; p > 1 && p !== rootPid && depth < 64; depth++) p = parent.get(p) ?? 0
      if (p !== rootPid) continue
      seen.set(key, Math.max(cpu, seen.get(key) ?? 0))
      programs.set(key, program)
    }
  }
  const available = listDir('/proc').some((name) => /^\d+$/.test(name))
  if (available) sample()
  const timer = available ? setInterval(sample, everyMs) : undefined
  return {
    stop() {
      clearInterval(timer)
      return available ? [...seen.values()].reduce((a, b) => a + b, 0) : undefined
    },
    /** The same seconds by program (`build` for the root process; Chromium's helpers under `chromium`, Pagefind's binary under `pagefind`). */
    byProgram() {
      const by: Record<string, number> = {}
      for (const [key, cpu] of seen) {
        const name = programs.get(key) ?? '?'
        const program = /^(chrom|headless)/i.test(name) ? 'chromium' : /^pagefind/.test(name) ? 'pagefind' : name
        by[program] = (by[program] ?? 0) + cpu
      }
      return by
    },
  }
}

const args = process.argv.slice(2)
export const flag = (name: string) => args.includes(name)
export const option = (name: string, fallback: number) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

/** The median (the mean of the middle two for an even count); NaN for none. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

export interface Result {
  name: string
  value: number
  unit: string
  budget: string
  ok: boolean
  detail?: string
}

/** Budget lines, padded to `width`; `printJson()` prints them all under `--json`. */
export function createReport(width: number) {
  const results: Result[] = []
  return {
    results,
    report(r: Result) {
      results.push(r)
      if (!flag('--json')) console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name.padEnd(width)} ${String(r.value).padStart(8)} ${r.unit.padEnd(3)} (budget ${r.budget})${r.detail ? `  ${r.detail}` : ''}`)
    },
    printJson() {
      if (flag('--json')) console.log(JSON.stringify(results, null, 2))
    },
  }
}

export interface LighthouseScores {
  perf: number[]
  a11y: number[]
  /** Largest contentful paint and total blocking time, ms. */
  lcp: number[]
  tbt: number[]
}

/**
 * Lighthouse (mobile defaults: simulated slow 4G, 4× CPU) `runs` times on
 * each path, in Debian's Chromium; the failing accessibility audits of a
 * first run are printed.
 */
export async function lighthouseScores(baseUrl: string, paths: string[], runs: number): Promise<Map<string, LighthouseScores>> {
  const { default: lighthouse } = await import('lighthouse')
  const { launch } = await import('chrome-launcher')
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] })
  const out = new Map<string, LighthouseScores>()
  try {
    for (const path of paths) {
      const s: LighthouseScores = { perf: [], a11y: [], lcp: [], tbt: [] }
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
        const lhr = run?.lhr
        s.perf.push(Math.round((lhr?.categories.performance?.score ?? 0) * 100))
        s.a11y.push(Math.round((lhr?.categories.accessibility?.score ?? 0) * 100))
        s.lcp.push(lhr?.audits['largest-contentful-paint']?.numericValue ?? NaN)
        s.tbt.push(lhr?.audits['total-blocking-time']?.numericValue ?? NaN)
        if (i === 0 && (lhr?.categories.accessibility?.score ?? 0) < 1) {
          const failing = Object.values(lhr!.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary').map((a) => a.id)
          console.log(`  accessibility audits failing on ${path}: ${failing.join(', ')}`)
        }
      }
      out.set(path, s)
    }
  } finally {
    chrome.kill()
  }
  return out
}
