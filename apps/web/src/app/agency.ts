/** Who publishes the site: names, address and outside links shown by the agency layout. */
export const AGENCY = {
  state: 'State of New Jersey',
  department: 'Department of Environmental Protection',
  siteName: 'Beach Portal',
  homeUrl: 'https://dep.nj.gov/',
  stateUrl: 'https://www.nj.gov/',
  address: {
    mailCode: 'Mail Code 401-04B',
    street: '401 East State Street',
    city: 'Trenton, NJ 08625',
  },
  /**
   * The number the public calls with questions, printed on the beach signs (decision 0061). VITE_AGENCY_PHONE when
   * the web app is built sets it (README, Configuration); else the demo agency's: NJDEP's 24-hour hotline.
   */
  phone: (import.meta.env.VITE_AGENCY_PHONE as string | undefined)?.trim() || '1-877-927-6337',
  copyrightStartYear: 1996,
} as const;

/** Links to the agency's own site, shown beside the program navigation. */
export const AGENCY_LINKS = [
  { label: 'DEP Home', href: AGENCY.homeUrl },
  { label: 'NJ.gov', href: AGENCY.stateUrl },
] as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/NewJerseyDEP' },
  { name: 'Twitter', href: 'https://twitter.com/NewJerseyDEP' },
  { name: 'Instagram', href: 'https://www.instagram.com/newjerseydep/' },
  { name: 'YouTube', href: 'https://www.youtube.com/user/NJDEPTV' },
] as const;
