export * from './mapping';
export * from './dates';
export * from './values';
export * from './value-maps';
export * from './read-row';
export * from './match-stations';
export * from './legacy-mapping';
