import { addDays, formatUsDate, swimSeason } from './dates';
import { hashUnit, pick, type Rng } from './random';

/** Public website content for the demo agency: news, FAQs, reports, links and daily flight reports. */

export interface NewsSeed {
  title: string;
  summary: string;
  body: string;
  publishedOn: string;
  isBanner: boolean;
}

/**
 * News dated around the latest season. An item whose natural date is still in the future (when the
 * demo is built early in a season) moves to the season before.
 */
export function demoNews(latestYear: number, today: string): NewsSeed[] {
  const season = swimSeason(latestYear);
  const inSeason = today >= season.preseasonStart && today <= season.endDate;
  const dated = (isoFor: (year: number) => string) => {
    const date = isoFor(latestYear);
    return date <= today ? date : isoFor(latestYear - 1);
  };
  const items: NewsSeed[] = [
    inSeason
      ? {
          title: `Beach water quality monitoring is under way for the ${latestYear} season`,
          summary: 'Check the map before you go: statuses are updated every day results come in.',
          body:
            `Routine sampling of ocean, bay, lake and river beaches runs through Labor Day (${formatUsDate(season.endDate)}). ` +
            'Samples are collected weekly, and daily at any beach under an advisory or closure until results meet the standard.',
          publishedOn: season.preseasonStart,
          isBanner: true,
        }
      : {
          title: `The ${latestYear} swimming season has ended`,
          summary: 'Routine monitoring ended on Labor Day. Beaches are shown as Not Monitored until sampling resumes in May.',
          body:
            `Routine monitoring ended on Labor Day, ${formatUsDate(season.endDate)}. Until pre-season sampling resumes in mid-May ` +
            `${latestYear + 1}, the map shows every beach as Not Monitored: no water-quality information is available, and swimming ` +
            'is at your own risk where no lifeguards are on duty.',
          publishedOn: today < season.preseasonStart ? addDays(swimSeason(latestYear - 1).endDate, 1) : addDays(season.endDate, 1),
          isBanner: true,
        },
    {
      title: 'Pre-season sampling begins in mid-May',
      summary: 'County health departments start sampling two weeks before Memorial Day weekend.',
      body:
        'Pre-season samples give every beach a water-quality record before the first swimmers arrive. Beaches open on the map as ' +
        'soon as monitoring begins, and any result above the beach action value triggers an advisory and resampling.',
      publishedOn: dated((y) => addDays(swimSeason(y).preseasonStart, -4)),
      isBanner: false,
    },
    {
      title: 'Know before you go: check your beach on the map',
      summary: 'Green means open, amber means an advisory, red means closed, grey means not monitored.',
      body:
        'Each marker carries a letter as well as a colour (O open, A advisory, C closed, N not monitored). Select a beach to see its ' +
        'latest results and history. Advisories are most common in the day or two after heavy rain.',
      publishedOn: dated((y) => addDays(swimSeason(y).startDate, -2)),
      isBanner: false,
    },
    {
      title: 'Aerial surveillance flights resume for the summer',
      summary: 'Daily flights along the coast look for floatables, slicks and algal blooms.',
      body:
        'Weather permitting, the survey aircraft flies the ocean shore from Sandy Hook to Cape May Point every day from Memorial Day ' +
        'weekend to Labor Day. Flight reports are published on the Daily Flights page.',
      publishedOn: dated((y) => addDays(swimSeason(y).startDate, -1)),
      isBanner: false,
    },
    {
      title: 'Heavy rain prompts advisories at several bay beaches',
      summary: 'Storm water runoff raised bacteria counts; most beaches reopened after one day of resampling.',
      body:
        'More than two inches of rain fell across the region overnight. Samples collected the next morning exceeded the beach action ' +
        'value at several bay beaches, which were placed under advisories. Resamples met the standard at most locations the following day.',
      publishedOn: dated((y) => `${y}-07-16`),
      isBanner: false,
    },
    {
      title: 'Harmful algal bloom advisory lifted at Lake Hopatcong',
      summary: 'Cyanobacteria counts fell below the health advisory guidance level at all monitored beaches.',
      body:
        'Follow-up sampling confirmed that the bloom has dissipated. Lake beaches are monitored weekly for E. coli; suspected blooms can ' +
        'be reported to the DEP hotline at any time.',
      publishedOn: dated((y) => `${y}-08-07`),
      isBanner: false,
    },
    {
      title: `${latestYear - 1} beach monitoring summary released`,
      summary: 'More than 99 percent of ocean beach days were open to swimming.',
      body:
        'The annual summary reports every sample, exceedance, advisory and closure of the season, by county and beach. It is available on ' +
        'the Reports and Publications page.',
      publishedOn: dated((y) => `${y}-03-18`),
      isBanner: false,
    },
    {
      title: 'New beach map and data downloads',
      summary: 'Results for every station can now be downloaded as a spreadsheet.',
      body:
        'The public site now offers a searchable map of all monitored beaches and a download of water-quality results filtered by ' +
        'program, county, municipality, station type and date.',
      publishedOn: dated((y) => `${y}-04-22`),
      isBanner: false,
    },
  ];
  return items;
}

export const DEMO_FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'What does a swimming advisory mean?',
    answer:
      'A sample at the beach exceeded the beach action value for indicator bacteria. Swimming is not recommended until a resample meets ' +
      'the standard. The beach itself stays open for other activities.',
  },
  {
    question: 'Why would a beach be closed?',
    answer:
      'A beach is closed to swimming when two samples in a row exceed the standard, or right away when there is a known pollution event ' +
      'such as a sewage spill or a harmful algal bloom. It reopens when resampling shows the water meets the standard.',
  },
  {
    question: 'What are Enterococcus and E. coli, and why are they measured?',
    answer:
      'They are bacteria that live in the intestines of people and animals. They are not usually harmful themselves, but their presence ' +
      'indicates fecal contamination and the possible presence of disease-causing organisms. Enterococcus is measured at ocean and bay ' +
      'beaches, E. coli at fresh-water lakes and rivers.',
  },
  {
    question: 'How often are beaches sampled?',
    answer:
      'Every monitored beach is sampled weekly from mid-May through Labor Day. After an exceedance the beach and the stations on either ' +
      'side of it (bracket stations) are resampled daily until results meet the standard.',
  },
  {
    question: 'What is the beach action value?',
    answer:
      'It is the single-sample level above which action is taken: 104 colonies of Enterococcus per 100 mL of water at ocean and bay ' +
      'beaches, and 235 E. coli per 100 mL at lakes and rivers, following EPA recreational water quality criteria.',
  },
  {
    question: 'Why do advisories often follow heavy rain?',
    answer:
      'Rain washes animal waste and other pollutants from streets, lawns and farms into storm drains and streams that empty near beaches. ' +
      'Bacteria levels usually fall within a day or two. Avoid swimming near storm water outfalls for a day after heavy rain.',
  },
  {
    question: 'How long does it take to get results?',
    answer:
      'The laboratory tests take about 24 hours, so results are posted the day after sampling. An advisory or closure is issued as soon as ' +
      'results are verified.',
  },
  {
    question: 'Why does the map show "Not Monitored"?',
    answer:
      'Beaches are monitored during the swimming season only. Outside the season, or at a beach not currently sampled, no recent ' +
      'water-quality information is available, and the map says so rather than showing an old status.',
  },
  {
    question: 'Are bay, lake and river beaches tested the same way?',
    answer:
      'Yes. Each program samples weekly and follows the same advisory and closure rules, using the indicator and beach action value ' +
      'appropriate to salt or fresh water.',
  },
  {
    question: 'What about harmful algal blooms at lakes?',
    answer:
      'Blooms of cyanobacteria can produce toxins. Lake beaches may be closed when a bloom is confirmed, whatever the bacteria results. ' +
      'Do not swim in water that looks like spilled paint or pea soup, and keep pets out of it.',
  },
  {
    question: 'Where can I download the sampling results?',
    answer:
      'Use the data download panel on the public site: choose a program, county, municipality, station type and dates, then download ' +
      'the results as a spreadsheet.',
  },
  {
    question: 'Who collects the samples?',
    answer:
      'County and local health departments collect samples at their beaches and laboratories analyse them. The state agency verifies ' +
      'the results, issues advisories and closures, and publishes them here.',
  },
];

export interface ReportSeed {
  title: string;
  description: string;
  date: string;
  url: string;
  isPublication: boolean;
  programKey: 'OCEAN' | 'BAY' | 'LAKE' | 'RIVER' | null;
}

export function demoReports(years: readonly number[], today: string): ReportSeed[] {
  const out: ReportSeed[] = [];
  for (const year of years) {
    const date = addDays(swimSeason(year).endDate, 45);
    if (date > today) continue;
    out.push({
      title: `${year} Cooperative Coastal Monitoring Program Annual Summary`,
      description: `Samples, exceedances, advisories and closures at ocean and bay beaches during the ${year} swimming season.`,
      date,
      url: `https://www.njbeaches.org/reports/ccmp-annual-summary-${year}.pdf`,
      isPublication: false,
      programKey: 'OCEAN',
    });
    out.push({
      title: `${year} Fresh-Water Beach Monitoring Report`,
      description: `E. coli results and closures at lake and river bathing beaches, ${year}.`,
      date: addDays(date, 14) <= today ? addDays(date, 14) : date,
      url: `https://www.njbeaches.org/reports/freshwater-beaches-${year}.pdf`,
      isPublication: false,
      programKey: 'LAKE',
    });
  }
  const first = years[0] ?? Number(today.slice(0, 4));
  out.push(
    {
      title: 'Beach Sanitary Survey Field Guide',
      description: 'How to carry out and record a sanitary survey at a bathing beach.',
      date: `${first}-04-01`,
      url: 'https://www.njbeaches.org/publications/sanitary-survey-field-guide.pdf',
      isPublication: true,
      programKey: null,
    },
    {
      title: 'Quality Assurance Project Plan for Recreational Water Monitoring',
      description: 'Sampling, laboratory and data verification procedures.',
      date: `${first}-03-01`,
      url: 'https://www.njbeaches.org/publications/qapp-recreational-water.pdf',
      isPublication: true,
      programKey: null,
    },
    {
      title: 'Harmful Algal Bloom Response Strategy',
      description: 'Alert levels and actions for cyanobacteria blooms at recreational lakes.',
      date: `${first}-05-01`,
      url: 'https://www.njbeaches.org/publications/hab-response-strategy.pdf',
      isPublication: true,
      programKey: 'LAKE',
    },
    {
      title: 'Guide to Swimming Advisories and Closures for Local Health Agencies',
      description: 'When and how to post advisories and closures, and how to lift them.',
      date: `${first}-04-15`,
      url: 'https://www.njbeaches.org/publications/advisory-closure-guide.pdf',
      isPublication: true,
      programKey: null,
    },
  );
  return out;
}

export const DEMO_LINKS: readonly { title: string; url: string; description: string; category: string }[] = [
  { title: 'EPA BEACON 2.0', url: 'https://www.epa.gov/waterdata/beacon-20-beach-advisory-and-closing-online-notification', description: 'National beach advisory and closing notifications.', category: 'Federal' },
  { title: 'EPA Beaches', url: 'https://www.epa.gov/beaches', description: 'The BEACH Act program and recreational water quality criteria.', category: 'Federal' },
  { title: 'NOAA Tides and Currents', url: 'https://tidesandcurrents.noaa.gov/', description: 'Tide predictions and water levels.', category: 'Weather and tides' },
  { title: 'National Weather Service, Mount Holly', url: 'https://www.weather.gov/phi/', description: 'Forecasts and rip current statements for the New Jersey shore.', category: 'Weather and tides' },
  { title: 'New Jersey Department of Environmental Protection', url: 'https://dep.nj.gov/', description: 'The state environmental agency.', category: 'State' },
  { title: 'Harmful Algal Blooms', url: 'https://dep.nj.gov/hab/', description: 'Bloom reports, alert levels and how to report a suspected bloom.', category: 'State' },
  { title: 'NJ Beaches', url: 'https://www.njbeaches.org/', description: 'Beach water quality for the New Jersey shore.', category: 'State' },
  { title: 'Visit New Jersey', url: 'https://visitnj.org/', description: 'Plan a trip to the shore and the lakes.', category: 'State' },
  { title: 'New Jersey Sea Grant Consortium', url: 'https://njseagrant.org/', description: 'Coastal research and rip current safety.', category: 'Partners' },
  { title: 'Clean Ocean Action', url: 'https://www.cleanoceanaction.org/', description: 'Beach sweeps and ocean advocacy.', category: 'Partners' },
  { title: 'Barnegat Bay Partnership', url: 'https://www.barnegatbaypartnership.org/', description: 'Science and stewardship for Barnegat Bay.', category: 'Partners' },
  { title: 'Surfrider Foundation', url: 'https://www.surfrider.org/', description: 'Volunteer water testing and clean beaches.', category: 'Partners' },
];

export interface FlightSeed {
  flightDate: string;
  status: 'FLOWN' | 'CANCELLED_WEATHER' | 'CANCELLED_MECHANICAL' | 'NOT_SCHEDULED';
  flightPath: string;
  floatables: string;
  debris: string;
  algalBlooms: string;
  wildlife: string;
  notes: string;
}

const FLIGHT_PATHS = [
  'Sandy Hook to Cape May Point along the ocean shore; return over Barnegat Bay.',
  'Raritan and Sandy Hook Bays, then the ocean shore south to Barnegat Inlet and back.',
  'Cape May Point north to Sandy Hook along the ocean shore, with a Delaware Bay leg to Fortescue.',
  'Ocean shore Sandy Hook to Atlantic City; back bays from Great Bay to Barnegat Bay.',
];
const FLOATABLES = [
  'None observed.',
  'None observed.',
  'None observed.',
  'Light floatables slick about 2 miles off Long Branch, moving north.',
  'Scattered floatables along the wrack line at Keansburg.',
  'Small slick of mixed debris off Seaside Heights, 1 mile offshore.',
];
const DEBRIS = [
  'None observed.',
  'None observed.',
  'Wood debris and eelgrass mats in Barnegat Inlet.',
  'Balloon cluster and plastic bottles off Atlantic City, reported to the county.',
  'Derelict crab pot floats near Great Bay.',
];
const BLOOMS = [
  'None observed.',
  'None observed.',
  'None observed.',
  'Brown water discoloration in Little Egg Harbor Bay, likely brown tide.',
  'Dense phytoplankton bloom off Sea Girt, about 3 miles offshore.',
  'Reddish discoloration in the Shrewsbury River.',
];
const WILDLIFE = [
  'Pod of about 20 bottlenose dolphins off Seaside Park.',
  'Large menhaden schools off Long Branch with feeding birds.',
  'Humpback whale off Sea Girt, about 2 miles out.',
  'Cownose rays in Great Egg Harbor Inlet.',
  'No notable wildlife.',
  'Osprey activity along Barnegat Bay; seals hauled out at Sandy Hook.',
];

/** One flight report a day from Memorial Day weekend to Labor Day (up to yesterday). */
export function demoFlights(year: number, today: string, seed: number): FlightSeed[] {
  const season = swimSeason(year);
  const out: FlightSeed[] = [];
  for (let date = season.startDate; date <= season.endDate && date < today; date = addDays(date, 1)) {
    const u = hashUnit(seed, 4242, Number(date.replaceAll('-', '')));
    const pickFrom = <T>(items: readonly T[], salt: number) =>
      items[Math.floor(hashUnit(seed, salt, Number(date.replaceAll('-', ''))) * items.length)] as T;
    if (u < 0.12 || u >= 0.96) {
      const status = u < 0.12 ? 'CANCELLED_WEATHER' : u < 0.98 ? 'NOT_SCHEDULED' : 'CANCELLED_MECHANICAL';
      out.push({
        flightDate: date,
        status,
        flightPath: '',
        floatables: '',
        debris: '',
        algalBlooms: '',
        wildlife: '',
        notes:
          status === 'CANCELLED_WEATHER'
            ? pickFrom(['Cancelled: low ceilings and fog along the coast.', 'Cancelled: thunderstorms and gusty winds.'], 1)
            : status === 'NOT_SCHEDULED'
              ? 'No flight scheduled (crew rest day).'
              : 'Cancelled: aircraft grounded for unscheduled maintenance.',
      });
      continue;
    }
    out.push({
      flightDate: date,
      status: 'FLOWN',
      flightPath: pickFrom(FLIGHT_PATHS, 2),
      floatables: pickFrom(FLOATABLES, 3),
      debris: pickFrom(DEBRIS, 4),
      algalBlooms: pickFrom(BLOOMS, 5),
      wildlife: pickFrom(WILDLIFE, 6),
      notes: pickFrom(['Visibility good.', 'Haze reduced visibility offshore.', 'Flown at 1,000 ft; visibility 10 miles.'], 7),
    });
  }
  return out;
}

export const SURVEY_WEATHER = [
  'Clear, light south-west wind',
  'Overcast after overnight rain (about 1 inch)',
  'Partly cloudy, onshore breeze',
  'Hot and humid, calm',
  'Light rain during the survey',
];
export const SURVEY_WATER = [
  'Calm and clear',
  'Moderate surf, slightly turbid',
  'Turbid near the outfall, clear offshore',
  'Brownish discoloration near the storm drain',
  'Light chop, clear',
];
export const SURVEY_SOURCES = [
  'Storm water outfall at the street end, flowing',
  'Gulls and geese on the beach and in the swimming area',
  'Marina and boat moorings upstream',
  'Pet waste along the access path',
  'No potential source found',
];
export const SURVEY_OBSERVATIONS = [
  'Outfall discharging at the time of sampling; notified the municipal public works department.',
  'Large flock of gulls feeding at the wrack line.',
  'No odour, scum or debris; restrooms in good order.',
  'Children playing in the outfall channel; lifeguards asked to keep bathers away.',
  'Recent dredging nearby; water turbid.',
];

export const pickText = (rng: Rng, items: readonly string[]) => pick(rng, items);
