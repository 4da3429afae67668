/**
 * A chapter's page name, and the names the site's own pages take. A chapter
 * is served at `/<page name>/` of its release (`chpt_runs` → `/runs/`), beside
 * the site's pages (`/glossary/`, `/search/`, `/r/6.1.4/`…): a chapter named
 * like one of them (`chpt_glossary`) was hidden by it, and its permalinks
 * opened the glossary. `cr check` refuses such an ID (`chapter-page-reserved`),
 * rather than moving chapters under a prefix of their own, which would change
 * every chapter URL ever shared. tests/hardening/page-names.test.ts keeps the
 * list in step with the site's routes and `site/pages/`.
 */

/** `chpt_game_concepts` → `game-concepts`: a chapter's page under its release. */
export const chapterSlug = (chapterId: string): string => chapterId.replace(/^chpt_/, '').replaceAll('_', '-')

/** The pages of a release and of the site a chapter's page name must not be. */
export const RESERVED_PAGE_NAMES: ReadonlySet<string> = new Set([
  // under every release's base (site/pages/[...v]/)
  'cards', 'full', 'glossary', 'official', 'previews', 'r', 'search',
  // written by the build under a base: Pagefind's index
  'pagefind',
  // the site's own (site/pages/)
  'changes', 'coverage',
])
