/** Cards the rules never name, in the rules' words (see `data/card-terms.ts`): fetched by search only for a word the rules do not know. */
import type { APIRoute, InferGetStaticPropsType } from 'astro'
import { releasePaths } from '../../data/store.ts'
import { buildCardTerms } from '../../data/card-terms.ts'
import { loadCards } from '../../../src/io/read-sources.ts'

export const getStaticPaths = releasePaths

const cards = loadCards()?.cards ?? []

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => Response.json(buildCardTerms(cards, props.release.search))
