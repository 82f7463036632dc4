/**
 * New Jersey geography for the demo agency: the 21 counties with their FIPS codes, and bathing beaches
 * by program. Place names are real; beach coordinates are approximate (good enough for a map at town
 * scale), street-end beach names are typical of each town. Contacts and phone numbers are fictional
 * (555-01xx numbers are reserved for fiction).
 */

export interface CountySpec {
  name: string;
  /** State + county FIPS code. */
  fips: string;
}

export const NJ_COUNTIES: readonly CountySpec[] = [
  { name: 'Atlantic', fips: '34001' },
  { name: 'Bergen', fips: '34003' },
  { name: 'Burlington', fips: '34005' },
  { name: 'Camden', fips: '34007' },
  { name: 'Cape May', fips: '34009' },
  { name: 'Cumberland', fips: '34011' },
  { name: 'Essex', fips: '34013' },
  { name: 'Gloucester', fips: '34015' },
  { name: 'Hudson', fips: '34017' },
  { name: 'Hunterdon', fips: '34019' },
  { name: 'Mercer', fips: '34021' },
  { name: 'Middlesex', fips: '34023' },
  { name: 'Monmouth', fips: '34025' },
  { name: 'Morris', fips: '34027' },
  { name: 'Ocean', fips: '34029' },
  { name: 'Passaic', fips: '34031' },
  { name: 'Salem', fips: '34033' },
  { name: 'Somerset', fips: '34035' },
  { name: 'Sussex', fips: '34037' },
  { name: 'Union', fips: '34039' },
  { name: 'Warren', fips: '34041' },
];

/** The county health department that serves as local health authority, per county with beaches. */
export interface HealthDepartmentSpec {
  county: string;
  name: string;
  abbv: string;
  address: string;
  city: string;
  zipCode: string;
  areaCode: string;
  contactPerson: string;
  /** Path on the county's (fictional) web site. */
  slug: string;
}

export const NJ_HEALTH_DEPARTMENTS: readonly HealthDepartmentSpec[] = [
  { county: 'Monmouth', name: 'Monmouth County Health Department', abbv: 'MCHD', address: '50 East Main Street', city: 'Freehold', zipCode: '07728', areaCode: '732', contactPerson: 'Laura Castellano', slug: 'monmouth' },
  { county: 'Ocean', name: 'Ocean County Health Department', abbv: 'OCHD', address: '175 Sunset Avenue', city: 'Toms River', zipCode: '08754', areaCode: '732', contactPerson: 'Brian Kowalczyk', slug: 'ocean' },
  { county: 'Atlantic', name: 'Atlantic County Division of Public Health', abbv: 'ACDPH', address: '201 South Shore Road', city: 'Northfield', zipCode: '08225', areaCode: '609', contactPerson: 'Denise Whitaker', slug: 'atlantic' },
  { county: 'Cape May', name: 'Cape May County Department of Health', abbv: 'CMCDH', address: '6 Moore Road', city: 'Cape May Court House', zipCode: '08210', areaCode: '609', contactPerson: 'Gregory Albanese', slug: 'capemay' },
  { county: 'Cumberland', name: 'Cumberland County Health Department', abbv: 'CCHD', address: '309 Buck Street', city: 'Millville', zipCode: '08332', areaCode: '856', contactPerson: 'Maria Figueroa', slug: 'cumberland' },
  { county: 'Middlesex', name: 'Middlesex County Office of Health Services', abbv: 'MCOHS', address: '35 Kennedy Boulevard', city: 'East Brunswick', zipCode: '08816', areaCode: '732', contactPerson: 'Anil Mehta', slug: 'middlesex' },
  { county: 'Sussex', name: 'Sussex County Division of Health', abbv: 'SCDH', address: '201 Wantage Avenue', city: 'Frankford', zipCode: '07826', areaCode: '973', contactPerson: 'Karen Hollis', slug: 'sussex' },
  { county: 'Morris', name: 'Morris County Office of Health Management', abbv: 'MCOHM', address: '10 Court Street', city: 'Morristown', zipCode: '07960', areaCode: '973', contactPerson: 'Thomas Reilly', slug: 'morris' },
  { county: 'Warren', name: 'Warren County Health Department', abbv: 'WCHD', address: '700 Oxford Road', city: 'Oxford', zipCode: '07863', areaCode: '908', contactPerson: 'Janet Ostrowski', slug: 'warren' },
  { county: 'Passaic', name: 'Passaic County Department of Health', abbv: 'PCDH', address: '930 Riverview Drive', city: 'Totowa', zipCode: '07512', areaCode: '973', contactPerson: 'Luis Ortega', slug: 'passaic' },
  { county: 'Hunterdon', name: 'Hunterdon County Division of Health', abbv: 'HCDH', address: '4 Gauntt Place', city: 'Flemington', zipCode: '08822', areaCode: '908', contactPerson: 'Rebecca Lindqvist', slug: 'hunterdon' },
  { county: 'Burlington', name: 'Burlington County Health Department', abbv: 'BCHD', address: '15 Pioneer Boulevard', city: 'Westampton', zipCode: '08060', areaCode: '609', contactPerson: 'Kevin Brennan', slug: 'burlington' },
  { county: 'Salem', name: 'Salem County Department of Health', abbv: 'SCDOH', address: '110 Fifth Street', city: 'Salem', zipCode: '08079', areaCode: '856', contactPerson: 'Patricia Dunleavy', slug: 'salem' },
  { county: 'Mercer', name: 'Mercer County Division of Public Health', abbv: 'MCDPH', address: '640 South Broad Street', city: 'Trenton', zipCode: '08650', areaCode: '609', contactPerson: 'Andre Simmons', slug: 'mercer' },
];

export type ProgramKey = 'OCEAN' | 'BAY' | 'LAKE' | 'RIVER';

export interface BeachSite {
  program: ProgramKey;
  municipality: string;
  county: string;
  /** The beach's own name (street end, park, lake). */
  label: string;
  lat: number;
  lon: number;
  waterBody: string;
  /** Direction along the shore, as a unit (dLat, dLon), for placing bracket stations either side. */
  along: readonly [number, number];
}

interface OceanSegment {
  municipality: string;
  county: string;
  /** North and south ends of the town's ocean front. */
  from: readonly [number, number];
  to: readonly [number, number];
  beaches: readonly string[];
}

/** The Atlantic shore from Sandy Hook to Cape May Point, north to south. */
const OCEAN_SEGMENTS: readonly OceanSegment[] = [
  { municipality: 'Sea Bright', county: 'Monmouth', from: [40.39, -73.9755], to: [40.34, -73.9745], beaches: ['Anchorage Beach', 'Public Beach', 'Ocean Street'] },
  { municipality: 'Monmouth Beach', county: 'Monmouth', from: [40.34, -73.9745], to: [40.318, -73.978], beaches: ['Bathing Pavilion', 'Beach Club'] },
  { municipality: 'Long Branch', county: 'Monmouth', from: [40.318, -73.978], to: [40.268, -73.99], beaches: ['North Bath Avenue', 'Pier Village', 'Laird Street', 'West End', 'Seven Presidents Oceanfront Park'] },
  { municipality: 'Deal', county: 'Monmouth', from: [40.262, -73.991], to: [40.24, -73.996], beaches: ['Phillips Avenue', 'Roseld Avenue'] },
  { municipality: 'Allenhurst', county: 'Monmouth', from: [40.24, -73.996], to: [40.234, -73.998], beaches: ['Allenhurst Beach Club'] },
  { municipality: 'Loch Arbour', county: 'Monmouth', from: [40.234, -73.998], to: [40.23, -73.999], beaches: ['Loch Arbour Beach'] },
  { municipality: 'Asbury Park', county: 'Monmouth', from: [40.229, -73.9995], to: [40.213, -74.003], beaches: ['Sunset Avenue', '5th Avenue', '8th Avenue'] },
  { municipality: 'Neptune Township', county: 'Monmouth', from: [40.213, -74.003], to: [40.204, -74.006], beaches: ['Ocean Grove Main Avenue', 'Ocean Grove Broadway'] },
  { municipality: 'Bradley Beach', county: 'Monmouth', from: [40.204, -74.006], to: [40.193, -74.0095], beaches: ['Newark Avenue', 'LaReine Avenue'] },
  { municipality: 'Avon-by-the-Sea', county: 'Monmouth', from: [40.193, -74.0095], to: [40.186, -74.012], beaches: ['Garfield Avenue', 'Sylvania Avenue'] },
  { municipality: 'Belmar', county: 'Monmouth', from: [40.186, -74.012], to: [40.168, -74.017], beaches: ['5th Avenue', '10th Avenue', '16th Avenue'] },
  { municipality: 'Lake Como', county: 'Monmouth', from: [40.168, -74.017], to: [40.163, -74.019], beaches: ['North Boulevard'] },
  { municipality: 'Spring Lake', county: 'Monmouth', from: [40.163, -74.019], to: [40.14, -74.026], beaches: ['Ludlow Avenue', 'Newport Avenue', 'York Avenue'] },
  { municipality: 'Sea Girt', county: 'Monmouth', from: [40.14, -74.026], to: [40.124, -74.03], beaches: ['Beacon Boulevard', 'Trenton Boulevard'] },
  { municipality: 'Manasquan', county: 'Monmouth', from: [40.12, -74.031], to: [40.104, -74.034], beaches: ['Main Beach', 'Pompano Avenue', 'Inlet Beach'] },
  { municipality: 'Point Pleasant Beach', county: 'Ocean', from: [40.1, -74.035], to: [40.078, -74.04], beaches: ["Jenkinson's Beach", 'Maryland Avenue', 'Arnold Avenue'] },
  { municipality: 'Bay Head', county: 'Ocean', from: [40.078, -74.04], to: [40.062, -74.0425], beaches: ['East Avenue', 'Bridge Avenue'] },
  { municipality: 'Mantoloking', county: 'Ocean', from: [40.062, -74.043], to: [40.025, -74.051], beaches: ['Downer Avenue', 'Albertson Avenue'] },
  { municipality: 'Brick Township', county: 'Ocean', from: [40.025, -74.051], to: [39.995, -74.057], beaches: ['Brick Beach I', 'Brick Beach III'] },
  { municipality: 'Lavallette', county: 'Ocean', from: [39.985, -74.06], to: [39.96, -74.066], beaches: ['Brooklyn Avenue', 'Pershing Boulevard'] },
  { municipality: 'Toms River', county: 'Ocean', from: [39.96, -74.066], to: [39.95, -74.069], beaches: ['Ortley Beach', 'Normandy Beach'] },
  { municipality: 'Seaside Heights', county: 'Ocean', from: [39.95, -74.069], to: [39.934, -74.073], beaches: ['Grant Avenue', 'Hiering Avenue', 'Sumner Avenue'] },
  { municipality: 'Seaside Park', county: 'Ocean', from: [39.934, -74.073], to: [39.912, -74.078], beaches: ['5th Avenue', 'Stockton Avenue'] },
  { municipality: 'Berkeley Township', county: 'Ocean', from: [39.905, -74.08], to: [39.78, -74.095], beaches: ['South Seaside Park', 'Island Beach State Park Swimming Area 1', 'Island Beach State Park Swimming Area 2'] },
  { municipality: 'Barnegat Light', county: 'Ocean', from: [39.762, -74.101], to: [39.74, -74.113], beaches: ['8th Street', '29th Street'] },
  { municipality: 'Long Beach Township', county: 'Ocean', from: [39.74, -74.113], to: [39.715, -74.127], beaches: ['Loveladies', 'North Beach'] },
  { municipality: 'Harvey Cedars', county: 'Ocean', from: [39.715, -74.127], to: [39.69, -74.14], beaches: ['Hudson Avenue', 'Salem Avenue'] },
  { municipality: 'Surf City', county: 'Ocean', from: [39.672, -74.155], to: [39.655, -74.166], beaches: ['3rd Street', '14th Street'] },
  { municipality: 'Ship Bottom', county: 'Ocean', from: [39.655, -74.17], to: [39.635, -74.183], beaches: ['5th Street', '26th Street'] },
  { municipality: 'Long Beach Township', county: 'Ocean', from: [39.635, -74.183], to: [39.57, -74.232], beaches: ['Brant Beach', 'Peahala Park', 'Beach Haven Terrace'] },
  { municipality: 'Beach Haven', county: 'Ocean', from: [39.57, -74.232], to: [39.548, -74.25], beaches: ['Centre Street', 'Holyoke Avenue'] },
  { municipality: 'Long Beach Township', county: 'Ocean', from: [39.548, -74.25], to: [39.515, -74.28], beaches: ['Holgate'] },
  { municipality: 'Brigantine', county: 'Atlantic', from: [39.44, -74.33], to: [39.382, -74.39], beaches: ['14th Street North', 'Roosevelt Boulevard'] },
  { municipality: 'Atlantic City', county: 'Atlantic', from: [39.372, -74.41], to: [39.34, -74.465], beaches: ['New Hampshire Avenue', 'Texas Avenue', 'Chelsea Avenue', 'Albany Avenue'] },
  { municipality: 'Ventnor City', county: 'Atlantic', from: [39.34, -74.465], to: [39.33, -74.49], beaches: ['Cambridge Avenue', 'Suffolk Avenue'] },
  { municipality: 'Margate City', county: 'Atlantic', from: [39.33, -74.49], to: [39.318, -74.512], beaches: ['Jefferson Avenue', 'Washington Avenue'] },
  { municipality: 'Longport', county: 'Atlantic', from: [39.318, -74.512], to: [39.305, -74.53], beaches: ['16th Avenue', '30th Avenue'] },
  { municipality: 'Ocean City', county: 'Cape May', from: [39.29, -74.555], to: [39.205, -74.64], beaches: ['9th Street', '16th Street', '34th Street', '58th Street'] },
  { municipality: 'Upper Township', county: 'Cape May', from: [39.205, -74.645], to: [39.185, -74.66], beaches: ['Strathmere'] },
  { municipality: 'Sea Isle City', county: 'Cape May', from: [39.18, -74.665], to: [39.13, -74.705], beaches: ['JFK Boulevard', '40th Street', '85th Street'] },
  { municipality: 'Avalon', county: 'Cape May', from: [39.115, -74.712], to: [39.075, -74.735], beaches: ['8th Street', '30th Street'] },
  { municipality: 'Stone Harbor', county: 'Cape May', from: [39.07, -74.74], to: [39.035, -74.765], beaches: ['96th Street', '111th Street'] },
  { municipality: 'North Wildwood', county: 'Cape May', from: [39.01, -74.79], to: [38.995, -74.798], beaches: ['2nd Avenue', '15th Avenue'] },
  { municipality: 'Wildwood', county: 'Cape May', from: [38.995, -74.798], to: [38.978, -74.815], beaches: ['Schellenger Avenue', 'Rio Grande Avenue'] },
  { municipality: 'Wildwood Crest', county: 'Cape May', from: [38.978, -74.815], to: [38.958, -74.835], beaches: ['Heather Road', 'Rambler Road'] },
  { municipality: 'Lower Township', county: 'Cape May', from: [38.958, -74.835], to: [38.95, -74.845], beaches: ['Diamond Beach'] },
  { municipality: 'Cape May', county: 'Cape May', from: [38.94, -74.88], to: [38.929, -74.925], beaches: ['Poverty Beach', 'Queen Street', 'Broadway'] },
  { municipality: 'Cape May Point', county: 'Cape May', from: [38.93, -74.955], to: [38.935, -74.968], beaches: ['Lighthouse Avenue'] },
];

type Site = readonly [municipality: string, county: string, label: string, lat: number, lon: number, waterBody: string];

/** Raritan and Sandy Hook Bays, the Shrewsbury and Navesink, Barnegat Bay, the back bays and Delaware Bay. */
const BAY_SITES: readonly Site[] = [
  ['South Amboy', 'Middlesex', 'Waterfront Park', 40.4855, -74.2745, 'Raritan Bay'],
  ['Old Bridge', 'Middlesex', 'Laurence Harbor', 40.4575, -74.247, 'Raritan Bay'],
  ['Aberdeen', 'Monmouth', 'Cliffwood Beach', 40.447, -74.222, 'Raritan Bay'],
  ['Keyport', 'Monmouth', 'Keyport Beach', 40.4395, -74.1975, 'Raritan Bay'],
  ['Union Beach', 'Monmouth', 'Union Beach', 40.4505, -74.17, 'Raritan Bay'],
  ['Keansburg', 'Monmouth', 'Keansburg Beach', 40.4495, -74.128, 'Raritan Bay'],
  ['Keansburg', 'Monmouth', 'Beachway Avenue', 40.4485, -74.14, 'Raritan Bay'],
  ['Middletown', 'Monmouth', 'Port Monmouth Beach', 40.4345, -74.096, 'Sandy Hook Bay'],
  ['Middletown', 'Monmouth', 'Leonardo Beach', 40.42, -74.063, 'Sandy Hook Bay'],
  ['Atlantic Highlands', 'Monmouth', 'Atlantic Highlands Beach', 40.4145, -74.035, 'Sandy Hook Bay'],
  ['Highlands', 'Monmouth', 'Highlands Bay Beach', 40.405, -73.99, 'Sandy Hook Bay'],
  ['Rumson', 'Monmouth', 'Victory Park', 40.3715, -73.9975, 'Shrewsbury River'],
  ['Fair Haven', 'Monmouth', 'Fair Haven Dock', 40.3625, -74.04, 'Navesink River'],
  ['Red Bank', 'Monmouth', 'Maple Cove', 40.354, -74.0665, 'Navesink River'],
  ['Oceanport', 'Monmouth', 'Blackberry Bay', 40.316, -74.005, 'Shrewsbury River'],
  ['Point Pleasant', 'Ocean', 'Beaver Dam Creek', 40.055, -74.0715, 'Barnegat Bay'],
  ['Brick Township', 'Ocean', 'Windward Beach', 40.0325, -74.0925, 'Metedeconk River'],
  ['Bay Head', 'Ocean', 'Bay Beach', 40.067, -74.0475, 'Barnegat Bay'],
  ['Mantoloking', 'Ocean', 'Bay Beach', 40.039, -74.0535, 'Barnegat Bay'],
  ['Lavallette', 'Ocean', 'Bay Boulevard', 39.971, -74.0705, 'Barnegat Bay'],
  ['Seaside Heights', 'Ocean', 'Bay Beach', 39.9435, -74.0825, 'Barnegat Bay'],
  ['Toms River', 'Ocean', 'Shelter Cove', 39.9725, -74.109, 'Barnegat Bay'],
  ['Island Heights', 'Ocean', 'Summit Avenue', 39.943, -74.147, 'Toms River estuary'],
  ['Ocean Gate', 'Ocean', 'Ocean Gate Beach', 39.926, -74.134, 'Barnegat Bay'],
  ['Pine Beach', 'Ocean', 'Station Avenue', 39.932, -74.171, 'Toms River estuary'],
  ['Beachwood', 'Ocean', 'Beachwood Beach', 39.935, -74.192, 'Toms River estuary'],
  ['Berkeley Township', 'Ocean', 'Veterans Park', 39.893, -74.153, 'Barnegat Bay'],
  ['Lacey Township', 'Ocean', 'Gille Park', 39.8435, -74.175, 'Barnegat Bay'],
  ['Barnegat Township', 'Ocean', 'Municipal Dock Beach', 39.753, -74.205, 'Barnegat Bay'],
  ['Harvey Cedars', 'Ocean', 'Bay Beach', 39.697, -74.143, 'Barnegat Bay'],
  ['Surf City', 'Ocean', 'Division Street Bay', 39.66, -74.172, 'Manahawkin Bay'],
  ['Ship Bottom', 'Ocean', '10th Street Bay', 39.646, -74.185, 'Manahawkin Bay'],
  ['Stafford Township', 'Ocean', 'Beach Haven West', 39.673, -74.222, 'Manahawkin Bay'],
  ['Long Beach Township', 'Ocean', '68th Street Bay', 39.607, -74.212, 'Little Egg Harbor Bay'],
  ['Beach Haven', 'Ocean', 'Taylor Avenue Bay', 39.563, -74.249, 'Little Egg Harbor Bay'],
  ['Little Egg Harbor', 'Ocean', 'Mystic Island', 39.567, -74.385, 'Great Bay'],
  ['Brigantine', 'Atlantic', 'Bayshore Avenue', 39.4, -74.38, 'Absecon Channel'],
  ['Ventnor City', 'Atlantic', 'Bay Beach', 39.345, -74.475, 'Beach Thorofare'],
  ['Margate City', 'Atlantic', 'Bay Beach', 39.333, -74.506, 'Beach Thorofare'],
  ['Longport', 'Atlantic', 'Bay Beach', 39.313, -74.525, 'Great Egg Harbor Bay'],
  ['Somers Point', 'Atlantic', 'Kennedy Park', 39.318, -74.6, 'Great Egg Harbor Bay'],
  ['Ocean City', 'Cape May', 'Bayside 2nd Street', 39.28, -74.583, 'Great Egg Harbor Bay'],
  ['Sea Isle City', 'Cape May', 'Bay Beach', 39.155, -74.7, 'Ludlam Bay'],
  ['Avalon', 'Cape May', 'Bay Beach', 39.1, -74.725, 'Pennsylvania Harbor'],
  ['Stone Harbor', 'Cape May', '81st Street Bay', 39.055, -74.76, 'Great Channel'],
  ['North Wildwood', 'Cape May', 'Bayside', 39.003, -74.802, 'Grassy Sound'],
  ['Wildwood Crest', 'Cape May', 'Sunset Lake', 38.968, -74.837, 'Sunset Lake'],
  ['Lower Township', 'Cape May', 'Villas', 39.03, -74.94, 'Delaware Bay'],
  ['Lower Township', 'Cape May', 'Town Bank', 38.99, -74.958, 'Delaware Bay'],
  ['Middle Township', 'Cape May', 'Reeds Beach', 39.11, -74.893, 'Delaware Bay'],
  ['Downe Township', 'Cumberland', 'Fortescue', 39.238, -75.17, 'Delaware Bay'],
];

/** Lake beaches, mostly in the north-west highlands (Sussex, Morris, Warren, Passaic). */
const LAKE_SITES: readonly Site[] = [
  ['Hopatcong', 'Sussex', 'Crescent Cove', 40.9455, -74.6595, 'Lake Hopatcong'],
  ['Hopatcong', 'Sussex', 'Lakeside Beach', 40.9545, -74.651, 'Lake Hopatcong'],
  ['Sparta', 'Sussex', 'Lake Mohawk West Mountain Beach', 41.0285, -74.647, 'Lake Mohawk'],
  ['Sparta', 'Sussex', 'Lake Mohawk White Deer Plaza', 41.0195, -74.638, 'Lake Mohawk'],
  ['Frankford', 'Sussex', 'Culver Lake', 41.1735, -74.785, 'Culver Lake'],
  ['Frankford', 'Sussex', 'Lake Owassa', 41.1, -74.815, 'Lake Owassa'],
  ['Vernon', 'Sussex', 'Highland Lakes', 41.186, -74.455, 'Highland Lake'],
  ['Stillwater', 'Sussex', 'Swartswood State Park Beach', 41.073, -74.817, 'Swartswood Lake'],
  ['Montague', 'Sussex', 'High Point Lake Marcia', 41.305, -74.667, 'Lake Marcia'],
  ['Sandyston', 'Sussex', 'Stokes Stony Lake', 41.226, -74.792, 'Stony Lake'],
  ['Sandyston', 'Sussex', 'Kittatinny Lake', 41.165, -74.795, 'Kittatinny Lake'],
  ['Andover Township', 'Sussex', 'Lake Aeroflex', 40.976, -74.739, 'Lake Aeroflex'],
  ['Byram', 'Sussex', 'Lake Lackawanna', 40.918, -74.716, 'Lake Lackawanna'],
  ['Byram', 'Sussex', 'Cranberry Lake', 40.956, -74.733, 'Cranberry Lake'],
  ['Franklin', 'Sussex', 'Franklin Pond', 41.12, -74.58, 'Franklin Pond'],
  ['Mount Arlington', 'Morris', 'Public Beach', 40.927, -74.637, 'Lake Hopatcong'],
  ['Mount Arlington', 'Morris', 'Windlass Beach', 40.9335, -74.6315, 'Lake Hopatcong'],
  ['Roxbury', 'Morris', 'Hopatcong State Park Beach', 40.917, -74.664, 'Lake Hopatcong'],
  ['Jefferson Township', 'Morris', 'Lake Shawnee', 40.985, -74.58, 'Lake Shawnee'],
  ['Jefferson Township', 'Morris', 'Milton Lake', 41.015, -74.535, 'Milton Lake'],
  ['Mount Olive', 'Morris', 'Budd Lake Beach', 40.872, -74.742, 'Budd Lake'],
  ['Netcong', 'Morris', 'Lake Musconetcong', 40.899, -74.704, 'Lake Musconetcong'],
  ['Parsippany-Troy Hills', 'Morris', 'Lake Parsippany', 40.867, -74.445, 'Lake Parsippany'],
  ['Rockaway Township', 'Morris', 'Lake Telemark', 40.961, -74.493, 'Lake Telemark'],
  ['Rockaway Township', 'Morris', 'White Meadow Lake', 40.93, -74.515, 'White Meadow Lake'],
  ['Denville', 'Morris', 'Indian Lake', 40.893, -74.463, 'Indian Lake'],
  ['Denville', 'Morris', 'Cedar Lake', 40.905, -74.46, 'Cedar Lake'],
  ['Mountain Lakes', 'Morris', 'Birchwood Beach', 40.893, -74.437, 'Mountain Lake'],
  ['Liberty Township', 'Warren', 'Mountain Lake', 40.868, -75.013, 'Mountain Lake'],
  ['Oxford Township', 'Warren', 'Furnace Lake', 40.813, -74.998, 'Furnace Lake'],
  ['Allamuchy Township', 'Warren', 'Allamuchy Pond', 40.925, -74.8, 'Allamuchy Pond'],
  ['Hope Township', 'Warren', 'Silver Lake', 40.92, -74.97, 'Silver Lake'],
  ['West Milford', 'Passaic', 'Greenwood Lake Sunset Beach', 41.14, -74.334, 'Greenwood Lake'],
  ['West Milford', 'Passaic', 'Upper Greenwood Lake', 41.165, -74.375, 'Upper Greenwood Lake'],
  ['Ringwood', 'Passaic', 'Shepherd Lake', 41.125, -74.258, 'Shepherd Lake'],
  ['Clinton Township', 'Hunterdon', 'Spruce Run Recreation Area', 40.655, -74.938, 'Spruce Run Reservoir'],
  ['Clinton Township', 'Hunterdon', 'Round Valley Recreation Area', 40.614, -74.854, 'Round Valley Reservoir'],
  ['Shamong', 'Burlington', 'Atsion Lake', 39.741, -74.726, 'Atsion Lake'],
  ['Pittsgrove', 'Salem', 'Parvin State Park', 39.51, -75.132, 'Parvin Lake'],
  ['Dennis Township', 'Cape May', 'Belleplain Lake Nummy', 39.246, -74.863, 'Lake Nummy'],
];

/** Fresh-water river beaches: the non-tidal Delaware and the Pinelands rivers. */
const RIVER_SITES: readonly Site[] = [
  ['Montague', 'Sussex', 'Millville Access', 41.295, -74.785, 'Delaware River'],
  ['Sandyston', 'Sussex', 'Bevans Access', 41.19, -74.875, 'Delaware River'],
  ['Walpack', 'Sussex', 'Watergate', 41.12, -74.945, 'Delaware River'],
  ['Hardwick', 'Warren', 'Old Mine Road Access', 41.005, -75.095, 'Delaware River'],
  ['Knowlton', 'Warren', 'Kittatinny Point', 40.972, -75.128, 'Delaware River'],
  ['Belvidere', 'Warren', 'Riverfront Park', 40.8295, -75.0845, 'Delaware River'],
  ['Harmony', 'Warren', 'Martins Creek Access', 40.785, -75.148, 'Delaware River'],
  ['Phillipsburg', 'Warren', 'Riverside Park', 40.694, -75.1955, 'Delaware River'],
  ['Holland Township', 'Hunterdon', 'Riegelsville Access', 40.595, -75.19, 'Delaware River'],
  ['Milford', 'Hunterdon', 'Milford Access', 40.568, -75.095, 'Delaware River'],
  ['Frenchtown', 'Hunterdon', 'River Access', 40.526, -75.062, 'Delaware River'],
  ['Kingwood', 'Hunterdon', 'Byram Access', 40.45, -75.05, 'Delaware River'],
  ['Delaware Township', 'Hunterdon', 'Bulls Island', 40.41, -75.035, 'Delaware River'],
  ['Lambertville', 'Hunterdon', 'Riverfront', 40.366, -74.947, 'Delaware River'],
  ['Hopewell Township', 'Mercer', 'Washington Crossing', 40.298, -74.87, 'Delaware River'],
  ['Bass River', 'Burlington', 'Wading River', 39.625, -74.505, 'Wading River'],
  ['Washington Township', 'Burlington', 'Batsto', 39.644, -74.648, 'Batsto River'],
  ['Hamilton Township', 'Atlantic', 'Mays Landing', 39.452, -74.728, 'Great Egg Harbor River'],
  ['Estell Manor', 'Atlantic', 'Estell Manor Park', 39.4, -74.74, 'Great Egg Harbor River'],
  ['Millville', 'Cumberland', 'Maurice River Park', 39.395, -75.04, 'Maurice River'],
  ['Toms River', 'Ocean', 'Winding River Park', 39.97, -74.2, 'Toms River'],
  ['Manchester Township', 'Ocean', 'Whiting Branch', 39.95, -74.37, 'Toms River'],
];

function unit(dLat: number, dLon: number): [number, number] {
  // A degree of longitude is shorter than a degree of latitude at 40 N; normalise in metres.
  const k = Math.cos((40 * Math.PI) / 180);
  const len = Math.hypot(dLat, dLon * k) || 1;
  return [dLat / len, dLon / len];
}

function oceanSites(): BeachSite[] {
  return OCEAN_SEGMENTS.flatMap((segment) =>
    segment.beaches.map((label, i) => {
      const f = (i + 0.5) / segment.beaches.length;
      const [lat0, lon0] = segment.from;
      const [lat1, lon1] = segment.to;
      return {
        program: 'OCEAN' as const,
        municipality: segment.municipality,
        county: segment.county,
        label,
        lat: lat0 + (lat1 - lat0) * f,
        lon: lon0 + (lon1 - lon0) * f,
        waterBody: 'Atlantic Ocean',
        along: unit(lat0 - lat1, lon0 - lon1),
      };
    }),
  );
}

const fromSites = (program: ProgramKey, sites: readonly Site[]): BeachSite[] =>
  sites.map(([municipality, county, label, lat, lon, waterBody]) => ({
    program,
    municipality,
    county,
    label,
    lat,
    lon,
    waterBody,
    along: unit(1, 0),
  }));

export function beachSites(): Record<ProgramKey, BeachSite[]> {
  return {
    OCEAN: oceanSites(),
    BAY: fromSites('BAY', BAY_SITES),
    LAKE: fromSites('LAKE', LAKE_SITES),
    RIVER: fromSites('RIVER', RIVER_SITES),
  };
}
