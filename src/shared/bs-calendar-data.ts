/**
 * The Bikram Sambat month-length table: the one place that says how many days each BS month
 * has (issue 16 §6). `bs-date.ts` converts with it and nothing else.
 *
 * Each year names its source, and a year without an authoritative published calendar is
 * `provisional`: its lengths are a projection that may change, so a date in it may move by a
 * day or two when the official calendar (Nepal Panchang Nirnayak Samiti) is published. Such a
 * year can be corrected at run time with `setMonthLengthOverrides` (bs-date.ts); this file
 * stays the default.
 *
 * To update when a calendar is published: replace the year's 12 lengths, set its source to one
 * that names the publication, and `provisional` to false.
 */

/**
 * Days in Baishakh, Jestha, Ashadh, Shrawan, Bhadra, Ashwin, Kartik, Mangsir, Poush, Magh,
 * Falgun and Chaitra (29..32 each; 365 or 366 in a year).
 */
export type MonthLengths = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** Where a year's month lengths come from. */
export const BS_CALENDAR_SOURCES = {
  published:
    'The calendar published for the year, as tabulated in nepali-date-converter 3.4.0 (dateConfigMap); bikram-sambat 1.8.1 has the same length for every month (bs-date.test.ts checks every day).',
  projected:
    'A projection from nepali-date-converter 3.4.0, made before any calendar was published for the year. bikram-sambat 1.8.1 projects other lengths for 2084–2086 and other calendars disagree as well (issue 16): provisional until the official calendar is out.',
} as const;

export type BsCalendarSource = keyof typeof BS_CALENDAR_SOURCES;

export interface BsCalendarYear {
  readonly year: number;
  readonly months: MonthLengths;
  readonly source: BsCalendarSource;
  /** No authoritative published calendar yet: the lengths may be corrected. */
  readonly provisional: boolean;
}

type Row = readonly [
  year: number,
  months: MonthLengths,
  source: BsCalendarSource,
  provisional: boolean,
];

const ROWS: readonly Row[] = [
  // [year, [Baishakh … Chaitra], source, provisional]
  [2000, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2001, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2002, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2003, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2004, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2005, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2006, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2007, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2008, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], 'published', false],
  [2009, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2010, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2011, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2012, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], 'published', false],
  [2013, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2014, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2015, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2016, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], 'published', false],
  [2017, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2018, [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2019, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2020, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2021, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2022, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], 'published', false],
  [2023, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2024, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2025, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2026, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2027, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2028, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2029, [31, 31, 32, 31, 32, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2030, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2031, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2032, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2033, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2034, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2035, [30, 32, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], 'published', false],
  [2036, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2037, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2038, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2039, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], 'published', false],
  [2040, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2041, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2042, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2043, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], 'published', false],
  [2044, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2045, [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2046, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2047, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2048, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2049, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], 'published', false],
  [2050, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2051, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2052, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2053, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], 'published', false],
  [2054, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2055, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2056, [31, 31, 32, 31, 32, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2057, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2058, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2059, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2060, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2061, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2062, [30, 32, 31, 32, 31, 31, 29, 30, 29, 30, 29, 31], 'published', false],
  [2063, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2064, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2065, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2066, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 29, 31], 'published', false],
  [2067, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2068, [31, 31, 32, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2069, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2070, [31, 31, 31, 32, 31, 31, 29, 30, 30, 29, 30, 30], 'published', false],
  [2071, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2072, [31, 32, 31, 32, 31, 30, 30, 29, 30, 29, 30, 30], 'published', false],
  [2073, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'published', false],
  [2074, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2075, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2076, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], 'published', false],
  [2077, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2078, [31, 31, 31, 32, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2079, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2080, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30], 'published', false],
  [2081, [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'published', false],
  [2082, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2083, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'published', false],
  [2084, [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31], 'projected', true],
  [2085, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 'projected', true],
  [2086, [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30], 'projected', true],
  [2087, [31, 31, 32, 31, 31, 31, 30, 30, 29, 30, 30, 30], 'projected', true],
  [2088, [30, 31, 32, 32, 30, 31, 30, 30, 29, 30, 30, 30], 'projected', true],
  [2089, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30], 'projected', true],
  [2090, [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30], 'projected', true],
];

/** Every year of the table, in order, 2000 to 2090 BS without gaps. */
export const BS_CALENDAR: readonly BsCalendarYear[] = ROWS.map(
  ([year, months, source, provisional]) => ({ year, months, source, provisional }),
);
