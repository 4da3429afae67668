/**
 * A phone's CPU, emulated the way Chrome DevTools calibrates it: not a fixed
 * "4× slower", which emulates a fast phone on a quiet laptop and a slow one
 * on a loaded CI machine, but the throttling rate at which this machine, as
 * loaded as it is right now, scores a target device's BenchmarkIndex.
 *
 * BenchmarkIndex is Lighthouse's device-class measure (`computeBenchmarkIndex`
 * in GoogleChrome/lighthouse core/lib/page-functions.js, Apache-2.0; also
 * used by DevTools' CPU calibration): the mean of a GC-heavy string build and
 * a GC-free array copy, in iterations per second / 10. DevTools' calibration
 * targets 1000 for a mid-tier phone (Pixel 5 class) and 264 for a low-tier one.
 * A quiet run of this project's machine scores 3,200–4,000 unthrottled and
 * 870–1,000 at 4×: the old fixed profile was a mid-tier phone on a quiet machine.
 */
import type { CDPSession, Page } from 'playwright-core'

export const MID_TIER_PHONE = 1000
export const LOW_TIER_PHONE = 264

/** Lighthouse's BenchmarkIndex, run in the page for `ms` milliseconds in all. */
export function benchmarkIndex(page: Page, ms = 500): Promise<number> {
  return page.evaluate((half) => {
    const gc = () => {
      const start = Date.now()
      let iterations = 0
      while (Date.now() - start < half) {
        let s = ''
        for (let j = 0; j < 10000; j++) s += 'a'
        if (s.length === 1) throw new Error('never happens: keeps the loop from being optimised away')
        iterations++
      }
      return Math.round(iterations / 10 / ((Date.now() - start) / 1000))
    }
    const noGc = () => {
      const a: number[] = []
      const b: number[] = []
      for (let i = 0; i < 100000; i++) a[i] = b[i] = i
      const start = Date.now()
      let iterations = 0
      // The clock is read every tenth iteration, as Lighthouse does.
      while (iterations % 10 !== 0 || Date.now() - start < half) {
        const src = iterations % 2 === 0 ? a : b
        const dst = iterations % 2 === 0 ? b : a
        for (let j = 0; j < src.length; j++) dst[j] = src[j]!
        iterations++
      }
      return Math.round(iterations / 10 / ((Date.now() - start) / 1000))
    }
    return (gc() + noGc()) / 2
  }, ms / 2)
}

export interface Calibration {
  /** The throttling rate set. */
  rate: number
  /** This machine's score unthrottled, and the score at `rate`. */
  host: number
  emulated: number
}

/**
 * Throttle `page`'s CPU so it scores about `target`: measure the host, set
 * host/target, measure again and correct once (throttling is not exactly
 * linear). Never below 1: a machine slower than the target runs unthrottled,
 * and `emulated` says how far off it is.
 */
export async function emulatePhoneCpu(page: Page, cdp: CDPSession, target = MID_TIER_PHONE): Promise<Calibration> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await benchmarkIndex(page, 100) // warm the JIT
  const host = await benchmarkIndex(page)
  let rate = Math.max(1, host / target)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  let emulated = await benchmarkIndex(page)
  if (rate > 1 && Math.abs(emulated - target) / target > 0.1) {
    rate = Math.max(1, (rate * emulated) / target)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    emulated = await benchmarkIndex(page)
  }
  return { rate, host, emulated }
}

/**
 * A phone's network: DevTools' "Fast 4G" preset (60 ms round trips and
 * 9 Mbps down, 1.5 up, as DevTools scales them for request-level emulation:
 * latency × 2.75, throughput × 0.9). Every request waits the latency before
 * its first byte, so a chain of requests costs a round trip per link, which
 * localhost hides.
 */
export const FAST_4G = { offline: false, latency: 60 * 2.75, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9 }

export async function emulatePhoneNetwork(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', FAST_4G)
}
