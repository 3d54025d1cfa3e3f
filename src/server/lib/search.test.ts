/** The spellings a search is made in, and LIKE escaping (lib/search.ts); pure. */
import { describe, expect, it } from 'vitest';
import { escapeLike, searchText, searchVariants } from './search.js';

describe('searchText', () => {
  it('trims and keeps one space for any run of white space', () => {
    expect(searchText('  राम \t\n बहादुर  ')).toBe('राम बहादुर');
    expect(searchText(4567)).toBe('4567');
    expect(searchText('   ')).toBe('');
  });
});

describe('searchVariants', () => {
  it('is the text alone when it has no digits and one Unicode form', () => {
    expect(searchVariants('Traders')).toEqual(['Traders']);
    expect(searchVariants('किराना')).toEqual(['किराना']);
  });

  it('adds the other digit script, either way', () => {
    expect(searchVariants('४५६/०७५-७६')).toEqual(['४५६/०७५-७६', '456/075-76']);
    expect(searchVariants('9841000111')).toEqual(['9841000111', '९८४१०००१११']);
    // mixed digits: each script whole
    expect(searchVariants('४५६/075')).toEqual(['४५६/075', '456/075', '४५६/०७५']);
  });

  it('adds the NFC and NFD forms of a precomposed letter', () => {
    const typed = '\u095Eेन्सी'; // फ़ as one code point (U+095E)
    const decomposed = '\u092B\u093Cेन्सी'; // फ + nukta: what NFC and NFD make of it
    expect(searchVariants(typed)).toEqual([typed, decomposed]);
    expect(searchVariants(decomposed)).toEqual([decomposed]);
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('राम')).toBe('राम');
  });
});
