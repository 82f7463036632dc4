/**
 * Column layouts of the public downloads (DESIGN section 4). The water-quality layout is the one agencies
 * already use, and the legacy import reads the same layout back.
 */
export const WATER_QUALITY_COLUMNS = [
  'Program_Name',
  'Station_Name',
  'Beach_Name',
  'Lat_DD',
  'Lon_DD',
  'Municipality',
  'County_Name',
  'Station_Type_Name',
  'Location_Type_Name',
  'Result_Date',
  'Result_Time',
  'Result_Measure',
  'Result_Comments',
  'Units_Name',
  'Result_Type_Name',
  'Remark_Code_Name',
] as const;
export type WaterQualityColumn = (typeof WATER_QUALITY_COLUMNS)[number];

export const INCIDENT_COLUMNS = [
  'Incident_Id',
  'Program_Name',
  'Station_Name',
  'Beach_Name',
  'Municipality',
  'County_Name',
  'Station_Type_Name',
  'Location_Type_Name',
  'Start_Date',
  'End_Date',
  'Incident_State',
  'Reason_Name',
  'Source_Name',
  'Comments',
  'Final_Comments',
] as const;
export type IncidentColumn = (typeof INCIDENT_COLUMNS)[number];

/** Station_Type_Name and Location_Type_Name as written in the files, by code. */
export const STATION_TYPE_NAMES = { PRIMARY: 'Primary', BRACKET: 'Bracket' } as const;
export const LOCATION_TYPE_NAMES = { OCEAN: 'Ocean', BAY: 'Bay', RIVER: 'River', LAKE: 'Lake' } as const;
