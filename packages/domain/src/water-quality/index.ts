export * from './thresholds';
export * from './geomean';
