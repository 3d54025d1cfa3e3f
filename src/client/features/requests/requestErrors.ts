/** Field errors of a request form: the first message per field, from [field, message] pairs. */
export function firstErrors<K extends string>(
  pairs: readonly (readonly [string, string | undefined])[],
): Partial<Record<K, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const [k, m] of pairs) if (m && !out[k]) out[k] = m;
  return out as Partial<Record<K, string>>;
}
