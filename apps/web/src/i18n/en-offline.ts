/**
 * The offline banner's English text (issue 31 item 2, decision 0066). It loads with the banner (offline/start.ts),
 * never with the first view; es-offline.ts comes with the Spanish text.
 */
export const enOffline = {
  label: 'Connection',
  asOf: 'Offline: statuses as of {{time}}',
  asOfHint: 'This device is offline. These are the last statuses it saved; they may have changed since.',
  tooOld: 'Offline: the statuses saved on this device are from {{time}}, more than {{hours}} hours ago, and are not shown.',
  plain: 'Offline',
  plainHint: 'This device is offline. Statuses this device has not saved cannot be shown.',
} as const;
