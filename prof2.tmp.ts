const { main } = await import('./src/cli/main.ts')
await main(['check'])
