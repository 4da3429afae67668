import { launchChromium } from '../../site/integration/chromium.ts'
import { serveStatic } from '../../site/integration/static-server.ts'
const server = await serveStatic(new URL('../../dist', import.meta.url).pathname)
const browser = await launchChromium()
const out: number[] = []
const firsts: number[] = []
for (let i = 0; i < 5; i++) {
  const context = await browser.newContext()
  const p = await context.newPage()
  const cdp = await context.newCDPSession(p)
  await p.goto(`${server.url}/runs/`, { waitUntil: 'networkidle' })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const r = await p.evaluate(`(async () => {
    const input = document.querySelector('#q'); const list = document.querySelector('#q ~ .search-panel .search-results')
    const q = ${JSON.stringify(['jak otu', 'ETR', 'what happens when the host is trashed', 'jack', 'Hegde Fund'][i])}
    const t0 = performance.now(); input.focus(); let first = NaN
    input.value = q
    await new Promise((res) => { const o = new MutationObserver(() => { if (isNaN(first) && list.dataset.q === q) first = performance.now() - t0; if (list.dataset.done === q) { o.disconnect(); res() } }); o.observe(list, { attributes: true, childList: true }) })
    return [first, performance.now() - t0]
  })()`) as [number, number]
  firsts.push(r[0]); out.push(r[1])
  await context.close()
}
console.log('first', firsts.map(Math.round).join(' '), 'done', out.map(Math.round).join(' '))
await browser.close(); await server.close()
