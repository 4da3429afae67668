/** Where a build says the site lives: CR_SITE_URL, else the local server's own port (PORT), so `PORT=5000 npm start` is self-consistent. */
import { describe, expect, test } from 'vitest'
import { builtOrigin, localPort, siteUrl } from '../../site/integration/site-url.ts'

describe('the site URL of a build', () => {
  test('follows PORT when the site is not published, and CR_SITE_URL when it is', () => {
    expect(siteUrl({})).toBe('http://localhost:4321')
    expect(siteUrl({ PORT: '5000' })).toBe('http://localhost:5000')
    expect(siteUrl({ PORT: ' 8080 ' })).toBe('http://localhost:8080')
    expect(siteUrl({ PORT: '5000', CR_SITE_URL: 'https://rules.example.org' })).toBe('https://rules.example.org')
    expect(localPort({ PORT: '' })).toBe(4321)
  })

  test.each(['http', '-1', '70000', '50.5'])('a PORT that is no port (%s) is said, not turned into a URL', (port) => {
    expect(() => localPort({ PORT: port })).toThrow(`PORT=${port}: expected a port number`)
  })

  test('reads the origin a built page names from its canonical link', () => {
    expect(builtOrigin('<head><link rel="canonical" href="http://localhost:5000/runs/"></head>')).toBe('http://localhost:5000')
    expect(builtOrigin('<link rel="canonical" href="https://rules.example.org/">')).toBe('https://rules.example.org')
    expect(builtOrigin('<head></head>')).toBeUndefined()
    expect(builtOrigin('<link rel="canonical" href="not a url">')).toBeUndefined()
  })
})
