/**
 * The text of "For developers and researchers" (/developers, decision 0045), in English: loaded with the
 * page's chunk (features/developers), never with the landing page.
 */
export const enDevelopers = {
  title: 'For developers and researchers',
  intro:
    'The beach data on this site is open: read it from your own programs through a documented, versioned web API. No account or key is needed.',
  overviewHeading: 'The open data API',
  overview:
    'Every address below starts with {{base}}. Answers are JSON (stations as GeoJSON) or CSV, and any website may read them from the browser (CORS is open for reading).',
  docsLink: 'Interactive API documentation',
  openapiLink: 'OpenAPI document (JSON)',
  endpointsHeading: 'What you can read',
  stations: {
    heading: 'Stations and their statuses (GeoJSON)',
    text: 'Every public monitoring station as a GeoJSON point (longitude, latitude) with the status the public sees today: open, advisory, closed or not monitored, since when and why, and the last sample. Add date=YYYY-MM-DD for a past day, county= or program= to narrow it.',
  },
  results: {
    heading: 'Water quality results (JSON or CSV)',
    text: 'Verified sample results with the same filters and columns as Download Data (program, county, municipality, beachId, lha, locationType, stationType, startDate, endDate), a page at a time. limit sets the rows per page (up to {{max}}); follow next (JSON) or the Link header (CSV) for the next page until there is none. Every result comes exactly once, in a stable order.',
  },
  actions: {
    heading: 'Advisories and closures',
    text: 'Every advisory and closure in force at some point in a period (from, to), with its reason and source as EPA BEACON codes.',
  },
  geomeans: {
    heading: 'Geometric means of a station',
    text: 'The rolling 30-day geometric means of one station over a season, with the program’s threshold, as its beach page shows them. Station ids are the beach_station_id of the stations answer.',
  },
  example: 'Example',
  copy: 'Copy',
  copyLabel: 'Copy the example: {{what}}',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it.',
  columnsHeading: 'Columns of the results',
  columnsIntro: 'The results have the columns of the Download Data water quality file, in this order. Empty values are empty in CSV and null in JSON.',
  column: 'Column',
  meaning: 'Meaning',
  columns: {
    Program_Name: 'The monitoring program that took the sample.',
    Station_Name: 'The sampling station’s name.',
    Beach_Name: 'The beach the station belongs to.',
    Lat_DD: 'Latitude of the station, decimal degrees (WGS 84).',
    Lon_DD: 'Longitude of the station, decimal degrees (WGS 84).',
    Municipality: 'The municipality of the beach.',
    County_Name: 'The county of the beach.',
    Station_Type_Name: 'Primary, or Bracket (an extra station sampled around a primary one after a high result).',
    Location_Type_Name: 'Ocean, Bay, River or Lake.',
    Result_Date: 'The day the sample was taken (MM/DD/YYYY).',
    Result_Time: 'The time the sample was taken (HH:MM, 24-hour), when recorded.',
    Result_Measure: 'The measured value, in the units of Units_Name.',
    Result_Comments: 'Comments recorded with the result.',
    Units_Name: 'The units of the value, such as CFU/100mL.',
    Result_Type_Name: 'What was measured, such as Enterococcus.',
    Remark_Code_Name: 'A qualifier of the value, such as Less than reporting limit.',
  },
  limitsHeading: 'Rate limits and caching',
  limits:
    'Each address may make {{limit}} requests per {{window}} seconds. Every answer says where you stand in its RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and RateLimit-Policy headers; past the limit the answer is 429 with Retry-After (seconds).',
  caching:
    'Answers carry an ETag: send it back in If-None-Match and an unchanged answer is a short 304. They may be cached for 30 seconds.',
  versionHeading: 'Versioning',
  version:
    'Everything under /api/public/v1 is stable: within version 1 fields may be added, but none is removed, renamed or changed in meaning. A change that breaks that comes as /api/public/v2, and v1 keeps answering for at least 12 months after v2 is announced on this page.',
  embed: {
    heading: 'Show a beach status on your website',
    text: "A town or county website can show the status of its beaches as the public beach page shows it (open, advisory, closed or not monitored, since when and why) with a link to the beach's page. Paste a snippet into your page: it is a small page of its own in a frame, with no script and no cookies, under 10 KB, and it stays current (it may be cached for 30 seconds).",
    findId: "A beach's id is the number at the end of its page address (/beach/ID).",
    oneLabel: 'Beach id',
    listLabel: 'Beach ids, separated by commas (up to {{max}})',
    oneHeading: 'One beach',
    listHeading: 'Several beaches',
    frameTitle: 'Beach water quality',
    language: 'The frame speaks the language of this page: add ?lang=es to its address for Spanish.',
    invalid: 'Enter beach ids: whole numbers from 1, separated by commas.',
  },
  licenseHeading: 'Licence and data use',
  licenseIntro: 'The data is offered under the same data-use terms as Download Data:',
} as const;
