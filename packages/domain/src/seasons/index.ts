/** Swim seasons and what the public sees in and out of them (DESIGN 4 "Statuses"). Pure: no I/O. */
export * from './dates';
export * from './public-status';
export * from './status-days';
export * from './next-year';
