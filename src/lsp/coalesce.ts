/**
 * Editor changes folded into as few compiles as they allow. The JSON-RPC
 * connection hands the server one message per turn of the event loop, so a
 * compile scheduled for "the next turn" ran between every two queued
 * changes: 300 changes that arrived together cost 300 compiles (issue 24,
 * item 11). Here a run waits until a whole turn passes with no new change
 * (the queue has drained), and at most `maxWaitMs` after the first change
 * it waits for, so a stream of changes that never pauses still gets
 * diagnostics.
 */
export interface Coalescer<T> {
  /** Note that `item` changed; it is run with the others once changes pause. */
  note(item: T): void
  /** Run what is pending now: a request must see every change sent before it (LSP keeps their order). */
  flush(): void
}

export function createCoalescer<T>(run: (items: T[]) => void, options: { maxWaitMs?: number } = {}): Coalescer<T> {
  const maxWaitMs = options.maxWaitMs ?? 100
  const pending = new Set<T>()
  let generation = 0
  let scheduled = false
  let since = 0
  // `seen` is the count of changes at the previous turn; the first turn always waits one more, since
  // the connection queues its next message after our callback (so it runs after us, then us again).
  const turn = (seen: number) => {
    if (generation !== seen && Date.now() - since < maxWaitMs) {
      // A change came in since the last turn: more may be queued behind it.
      setImmediate(turn, generation)
      return
    }
    scheduled = false
    flush()
  }
  const flush = () => {
    if (pending.size === 0) return
    const items = [...pending]
    pending.clear()
    run(items)
  }
  return {
    note(item) {
      pending.add(item)
      generation++
      if (scheduled) return
      scheduled = true
      since = Date.now()
      setImmediate(turn, -1)
    },
    flush,
  }
}
