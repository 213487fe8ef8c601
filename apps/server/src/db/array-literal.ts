/**
 * PostgreSQL's text form of a flat array parameter (`{1,2.5,"王 五","a\"b",NULL}`), written in one pass. PGlite's
 * array serializer and node-postgres's both quote every element and run two regular-expression replaces over it; for
 * the ingest's batch (some thirty arrays of up to 500 elements) that was 5 % of the server's CPU on PGlite (a
 * profile of the tracking bench). Numbers and bigints are written bare (as `String(n)`, the text both libraries send),
 * strings quoted, escaped only when they hold a quote or a backslash, null and undefined as NULL.
 *
 * Answers undefined for any other element (a Date, a boolean, an object, a nested array): the caller then hands the
 * value to the library's own serializer, which knows what those become for the parameter's type. With `numbers`
 * false a number is such an element too: for a date or timestamp array PGlite turns a number into an ISO time.
 */
export function arrayLiteral(values: readonly unknown[], numbers = true): string | undefined {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'string') parts[i] = quoted(v);
    else if (v === null || v === undefined) parts[i] = 'NULL';
    else if (numbers && (typeof v === 'number' || typeof v === 'bigint')) parts[i] = String(v);
    else return undefined;
  }
  return `{${parts.join(',')}}`;
}

const NEEDS_ESCAPE = /["\\]/;

function quoted(s: string): string {
  return NEEDS_ESCAPE.test(s) ? `"${s.replace(/[\\"]/g, '\\$&')}"` : `"${s}"`;
}

/**
 * Array types whose elements PGlite writes as `String(element)` (integers, floats, numerics, texts): arrayLiteral may
 * write any of their numbers. Dates and times (`date[]`, `timestamptz[]`) take strings only (see above); any other
 * array type goes to PGlite's serializer.
 */
export const LITERAL_ARRAY_TYPES: Readonly<Record<number, 'numbers' | 'strings'>> = {
  1005: 'numbers', // int2[]
  1007: 'numbers', // int4[]
  1016: 'numbers', // int8[]
  1021: 'numbers', // float4[]
  1022: 'numbers', // float8[]
  1231: 'numbers', // numeric[]
  1009: 'numbers', // text[]
  1015: 'numbers', // varchar[]
  1182: 'strings', // date[]
  1185: 'strings', // timestamptz[]
};
