/** The PDF's document information (site/data/pdf-info.ts): its date is the release's, or SOURCE_DATE_EPOCH, never the clock's. */
import { describe, expect, test } from 'vitest'
import { documentDate, pdfInfo } from '../../site/data/pdf-info.ts'

const release = { title: 'Netrunner Comprehensive Rules', edition: 'v26.03', version: 'v26.03', effective: '2026-03-02' }

describe('the PDF date', () => {
  test("is the release's effective date: a day, or a month's first day", () => {
    expect(documentDate('2026-03-02')?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(documentDate('2022-12')?.toISOString()).toBe('2022-12-01T00:00:00.000Z')
    expect(pdfInfo(release, {}).date?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
  })

  test('SOURCE_DATE_EPOCH wins when it is a number of seconds; anything else is ignored', () => {
    expect(documentDate('2026-03-02', '1700000000')?.toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect(pdfInfo(release, { SOURCE_DATE_EPOCH: ' 0 ' }).date?.toISOString()).toBe('1970-01-01T00:00:00.000Z')
    expect(documentDate('2026-03-02', 'yesterday')?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(documentDate('2026-03-02', '-5')?.toISOString()).toBe('2026-03-02T00:00:00.000Z')
  })

  test("a date that is not one leaves Chromium's: no date is made up", () => {
    for (const effective of ['', 'March 2026', '2026-13', '2026-02-30', '26-03-02']) expect(documentDate(effective), effective).toBeUndefined()
    expect(pdfInfo({ ...release, effective: 'soon' }, {})).not.toHaveProperty('date')
  })

  test('is the same on every call: two prints of the same rules carry the same information', () => {
    expect(pdfInfo(release, {})).toEqual(pdfInfo(release, {}))
  })
})
