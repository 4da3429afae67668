/** `porter2` ships Flow types only (`dist/index.js.flow`): its one function, for TypeScript. */
declare module 'porter2' {
  /** The Porter2 (Snowball English) stem of a lower-case word. */
  export function stem(word: string): string
}
