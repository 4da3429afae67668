import ignore from 'ignore'
const kinds: Record<string, (i: number) => string> = {
  plain: (i) => `build${i}/output${i}.log`,
  glob: (i) => `**/cache${i}/*.tmp`,
  stars: (i) => `${'*a'.repeat(20)}${i}`,
}
for (const [k, f] of Object.entries(kinds)) {
  const lines: string[] = []
  let size = 0
  for (let i = 0; size < 4 * 1024 * 1024; i++) { const l = f(i); lines.push(l); size += l.length + 1 }
  let t = performance.now()
  const ig = ignore().add(lines.join('\n'))
  const add = performance.now() - t
  t = performance.now()
  for (let i = 0; i < 20; i++) ig.ignores(`src/dir${i}/file${i}.ts`)
  console.log(k, lines.length, 'lines; add', Math.round(add), 'ms; 20 paths', Math.round(performance.now() - t), 'ms')
}
