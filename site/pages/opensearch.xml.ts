/** OpenSearch description, so browsers offer "search the CR" from the address bar. */
import type { APIRoute } from 'astro'
import { siteUrl } from '../integration/site-url.ts'

export const GET: APIRoute = ({ site }) => {
  // Templates must be absolute: the configured site URL (CR_SITE_URL; the build warns when it is unset).
  const origin = site ?? new URL(siteUrl())
  const template = `${new URL('/search/', origin).href}?q={searchTerms}`
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>Netrunner CR</ShortName>
  <Description>Search the Netrunner Comprehensive Rules, or go to a rule by number or ID</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Url type="text/html" method="get" template="${template}"/>
  <moz:SearchForm>${new URL('/search/', origin).href}</moz:SearchForm>
</OpenSearchDescription>
`
  return new Response(xml, { headers: { 'content-type': 'application/opensearchdescription+xml' } })
}
