/**
 * Schemas this package makes at run time from a plain value (a download filter for the program's time zone):
 * not exports themselves, yet this package's. The API's contract test asks isDomainMadeSchema (decision 0059).
 * Only this package's factories mark (madeHere is not exported by the package index).
 */
const made = new WeakSet<object>();

export function madeHere<T extends object>(schema: T): T {
  made.add(schema);
  return schema;
}

export const isDomainMadeSchema = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && made.has(schema);
