import type { usePublicText } from '../../i18n';
import '../../i18n/page-text';

const LOCATION_TYPES = ['OCEAN', 'BAY', 'RIVER', 'LAKE'] as const;
type LocationType = (typeof LOCATION_TYPES)[number];

function isLocationType(code: string): code is LocationType {
  return (LOCATION_TYPES as readonly string[]).includes(code);
}

/** A location type in the visitor's language; an unknown code as it came. */
export function locationTypeName(code: string, { t }: ReturnType<typeof usePublicText>): string {
  return isLocationType(code) ? t(`beach.profile.locationTypes.${code}`) : code;
}
