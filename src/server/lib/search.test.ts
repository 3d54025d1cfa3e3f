/** The spellings a search is made in, LIKE escaping and the words query (lib/search.ts); pure. */
import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  searchText,
  searchVariants,
  singleWord,
  wordsQuery,
  WORD_SEPARATORS,
} from './search.js';

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

describe('singleWord', () => {
  it('is the one word as the column stores it, else null', () => {
    expect(singleWord('Traders')).toBe('traders');
    expect(singleWord('२०८२')).toBe('2082');
    expect(singleWord('महर्जन')).toBe('महर्जन');
    expect(singleWord('Himalaya Traders')).toBeNull();
    expect(singleWord('15614/2082-83')).toBeNull();
    expect(singleWord('')).toBeNull();
  });
});

describe('wordsQuery', () => {
  it('asks for every word, the last one by its beginning, in lower case', () => {
    expect(wordsQuery('Traders')).toBe("'traders':*");
    expect(wordsQuery('Himalaya Tra')).toBe("'himalaya' & 'tra':*");
    expect(wordsQuery('राम महर्')).toBe("'राम' & 'महर्':*");
  });

  it('asks for a number typed with its separators whole, or its parts, in Latin digits', () => {
    expect(wordsQuery('७९८/२०८१-८२')).toBe("'798/2081-82':*");
    expect(wordsQuery('Sharma-Poudel')).toBe("'sharma-poudel':* | ('sharma' & 'poudel')");
    expect(wordsQuery('9841000111')).toBe("'9841000111':*");
  });

  it('with `exact`, asks for the last word whole (the count of a word typed in full)', () => {
    expect(wordsQuery('Traders', true)).toBe("'traders'");
    expect(wordsQuery('Himalaya Tra', true)).toBe("'himalaya' & 'tra'");
    expect(wordsQuery('७९८/२०८१-८२', true)).toBe("'798/2081-82'");
    expect(wordsQuery('Sharma-Poudel', true)).toBe("'sharma-poudel' | ('sharma' & 'poudel')");
    expect(wordsQuery('/ -', true)).toBeNull();
  });

  it('keeps one Unicode form (NFC), as the column does', () => {
    expect(wordsQuery('\u095Eेन्सी')).toBe(`'${'\u095Eेन्सी'.normalize('NFC')}':*`);
  });

  it('quotes what tsquery would read as syntax, and has nothing for punctuation alone', () => {
    // the quote cuts the words, and is doubled in the whole text's lexeme
    expect(wordsQuery("o'brien")).toBe("'o''brien':* | ('o' & 'brien')");
    expect(wordsQuery('ghee:*')).toBe("'ghee':*");
    expect(wordsQuery('a\\b')).toBe("'a\\\\b':* | ('a' & 'b')");
    expect(wordsQuery('1\\2')).toBe("'1\\\\2':*");
    expect(wordsQuery('100%')).toBe("'100%':*");
    expect(wordsQuery('/ - .')).toBeNull();
    expect(wordsQuery('!')).toBeNull();
  });

  it('cuts at the characters migration 0022 cuts at', async () => {
    const { readFile } = await import('node:fs/promises');
    const migration = await readFile(
      new URL('../../../db/migrations/0022_search_words.sql', import.meta.url),
      'utf8',
    );
    // the class in the migration, as PostgreSQL reads it (a doubled quote is one quote)
    const cls = /'(\[\[:space:\][^']*(?:''[^']*)*\]\+)'/.exec(migration)![1].replace(/''/g, "'");
    for (const c of [
      ' ',
      '\t',
      '/',
      '\\',
      ',',
      '.',
      ';',
      ':',
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      '"',
      "'",
      '&',
      '+',
      '|',
      '_',
      '#',
      '!',
      '?',
      '*',
      '@',
      '।',
      '॥',
      '-',
    ]) {
      expect(WORD_SEPARATORS.test(c), c).toBe(true);
      expect(cls.includes(c === ' ' || c === '\t' ? '[:space:]' : c), c).toBe(true);
    }
    for (const c of ['a', 'ा', '्', '५', '5', '%', '$'])
      expect(WORD_SEPARATORS.test(c), c).toBe(false);
  });
});
