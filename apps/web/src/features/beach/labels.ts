const LOCATION_TYPES: Record<string, string> = { OCEAN: 'Ocean', BAY: 'Bay', RIVER: 'River', LAKE: 'Lake' };

export function locationTypeName(code: string): string {
  return LOCATION_TYPES[code] ?? code;
}
