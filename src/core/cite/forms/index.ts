/**
 * The citation forms, as tables (micromark's `constructs.js`): a new form is
 * one file and one row here.
 *
 * - Capture forms run first, each its own pass over the text: what they
 *   capture is a citation whatever it looks like, and the word forms skip it.
 * - Word forms are the alternatives of one expression the file is searched
 *   with, once: each gives its source (no capturing groups of its own), and
 *   reads its matches. A match inside a longer word is never read.
 */
import { bareNumber } from './bare-number.ts'
import { citationCall, lispCalls } from './call.ts'
import { editionAfter } from './edition-after.ts'
import { idWord } from './id-word.ts'
import { keyBlock, keyList, keyScalar } from './key-list.ts'
import { tableColumn } from './table-column.ts'
import { markedNumber } from './marker.ts'
import { projectPatterns } from './pattern.ts'
import { refMarkup } from './ref-markup.ts'
import type { CaptureForm, WordForm } from './form.ts'

export type { CaptureForm, WordForm } from './form.ts'

/** In order: a project's own patterns win over the built-in calls. */
export const CAPTURE_FORMS: readonly CaptureForm[] = [projectPatterns, lispCalls, tableColumn]

/** Alternatives of the main expression, in order of precedence at one position. */
export const WORD_FORMS: readonly WordForm[] = [citationCall, keyList, keyBlock, keyScalar, refMarkup, idWord, markedNumber, editionAfter, bareNumber]
