/**
 * `once(make)`: a getter that calls `make` on first use and keeps its result. For values that
 * cost start-up time and that some screens never need (issue 18 §5: an `Intl.DateTimeFormat`
 * with a time zone loads ICU's zone data, ~20 ms on a phone).
 */
export function once<T>(make: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}
