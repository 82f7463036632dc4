/**
 * The printable beach signs' English text (issue 31 item 3, decision 0061). A sign prints this and es-signs.ts
 * side by side whatever the visitor's language; the toolbar (not printed) is in the visitor's language.
 */
export const enSigns = {
  title: 'Sign: {{beach}}',
  programTitle: 'Signs: {{program}}',
  loadingTitle: 'Beach sign',
  loading: 'Loading the sign…',
  failed: 'The sign could not be loaded.',
  programFailed: 'The signs could not be loaded.',
  notFound: 'Beach not found',
  notFoundIntro: 'There is no public beach at this address, so there is no sign for it.',
  programNotFound: 'Program not found',
  programNotFoundIntro: 'There is no program at this address.',
  noBeaches: 'This program has no public beaches yet, so there are no signs to print.',
  toMap: 'Go to the beach map',
  toolbar: 'Sign printing',
  paper: 'Paper size',
  letter: 'Letter',
  a4: 'A4',
  print: 'Print',
  printHint: 'The toolbar is not printed. Each sign prints on a page of its own.',
  count_one: '{{count}} sign, one a page.',
  count_other: '{{count}} signs, one a page.',
  toBeach: 'Beach page',
  sign: {
    label: 'English',
    heading: 'Water quality at this beach',
    scan: 'Scan the code for today’s water quality, advisories and closures.',
    visit: 'Or visit',
    call: 'Questions? Call {{phone}}.',
    qr: 'QR code linking to {{url}}',
  },
} as const;
