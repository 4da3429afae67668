/** `/numbers.json`: every number some release printed for another rule than today's (`shared/numbers.ts`). */
import type { APIRoute } from 'astro'
import { getSiteData } from '../data/store.ts'

export const GET: APIRoute = () => Response.json(getSiteData().numbers.json)
