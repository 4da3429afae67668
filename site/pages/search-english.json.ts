/**
 * The English words the search box's typo corrector must leave alone, as a Bloom filter (see
 * `data/english-words.ts`): 24 KB gzipped, off the first query's path (issue 20: cold first result),
 * fetched only when a query has a word the rules do not know, with `card-terms.json`. One file for
 * the site: English is the same in every release (seven copies were 215 KB of dist).
 */
import type { APIRoute } from 'astro'
import { getSiteData } from '../data/store.ts'
import { englishFilter } from '../data/english-words.ts'

export const GET: APIRoute = () => Response.json(englishFilter(getSiteData()))
