import type { BEACON_REASONS, BEACON_SOURCES } from '@beach/domain';

/** EPA BEACON reason codes in words. */
export const BEACON_REASON_LABELS: Record<(typeof BEACON_REASONS)[number], string> = {
  ELEV_BACT: 'Elevated bacteria',
  RAINFALL: 'Rainfall',
  SEWAGE: 'Sewage',
  CHEM_OIL: 'Chemical or oil spill',
  MODEL: 'Predictive model',
  POLICY: 'Policy (preemptive)',
  OTHER: 'Other',
};

/** EPA BEACON pollution source codes in words (the names the public Beach Actions list shows, from beacon_sources). */
export const BEACON_SOURCE_LABELS: Record<(typeof BEACON_SOURCES)[number], string> = {
  STORM: 'Storm-related runoff',
  SEWER_LINE: 'Sewer line problem',
  SEPTIC: 'Septic system leakage',
  WILDLIFE: 'Wildlife',
  RUNOFF: 'Non-storm runoff',
  BOAT: 'Boat discharge',
  POTW: 'Publicly owned treatment works',
  CSO: 'Combined sewer overflow',
  SSO: 'Sanitary sewer overflow',
  ALGAE: 'Algae',
  AGRICULTURAL: 'Agricultural runoff',
  UNKNOWN: 'Unknown',
  OTHER: 'Other',
};

/** A stored code in words; an unknown code (a newer list than this build) shows as itself. */
export const reasonLabel = (code: string) => BEACON_REASON_LABELS[code as (typeof BEACON_REASONS)[number]] ?? code;
export const sourceLabel = (code: string) => BEACON_SOURCE_LABELS[code as (typeof BEACON_SOURCES)[number]] ?? code;
