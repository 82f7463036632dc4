export * from './types';
export * from './engine';
export * from './describe-rule';
export * from './new-jersey';
export * from './explain';
export * from './incidents';
export * from './epa-statistics';
export * from './notification-actions';
