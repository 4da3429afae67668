import { eachNode, type MarkupRoot } from './nodes.ts'

/** Whether a text carries a `{n}…{/n}` span: read from the tree, never from rendered HTML. */
export function hasNewText(tree: MarkupRoot): boolean {
  let found = false
  eachNode(tree, (node) => {
    if (node.type === 'newText') found = true
  })
  return found
}
