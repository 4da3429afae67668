/**
 * Words that carry no meaning for finding a rule: the question around the
 * topic ("what happens to my … when …"). Pagefind ANDs every word it knows,
 * so one of these in a query is enough to lose the rule that answers it.
 * Words that rules use as terms of art (`cannot`, `before`, `after`, `during`,
 * `each`, `first`, `only`) are kept. A negated helper ("hasn't", "don't") is
 * a helper too: left in, it was "corrected" into another word ("hasn't" →
 * "can't"); the CR's own negation, "cannot", is what "can't" means (`jargon.ts`).
 */
const STOPWORDS = new Set(
  `a an the this that these those it its it's
  i i'm me my mine we our you your yours they them their theirs he him his she her
  what whats what's when where which who whom whose why how
  is are was were be been being am do does did done doing has have had having
  can could would should will shall may might
  to of in on at by for with from into onto about as than then so
  and or but if also just still even else
  there here some any all
  happen happens happened happening work works working mean means meaning meant
  get gets got need needs needed want wants use rule rules cr
  tell explain know happens many much way ways whether possible allowed ever
  anything something thing things again
  exactly actually really basically literally please supposed
  don't doesn't didn't isn't aren't wasn't weren't hasn't haven't hadn't won't wouldn't shouldn't couldn't`.split(/\s+/).filter(Boolean),
)

export const isStopword = (word: string) => STOPWORDS.has(word)
