/**
 * Character classes by char code (ASCII only, as the rules' IDs and numbers
 * are) and regular-expression escaping: the one home of the small lexical
 * helpers the markup tokenizer and the citation scanner share.
 */

export const isDigit = (c: number) => c >= 48 && c <= 57
export const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
export const isAlnum = (c: number) => isDigit(c) || isLetter(c)
/** A character of an identifier: letters, digits, `_`. */
export const isIdentChar = (c: number) => isAlnum(c) || c === 95
/** A character an identifier may start with: letters, `_`. */
export const isIdentStart = (c: number) => isLetter(c) || c === 95
/** `"`, `'` or a backtick. */
export const isQuote = (c: number) => c === 34 || c === 39 || c === 96
/** A space or a tab: blank within a line. */
export const isBlank = (c: number) => c === 32 || c === 9
/** Any ASCII white space, line ends included. */
export const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13)

/** `s` matched literally inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
