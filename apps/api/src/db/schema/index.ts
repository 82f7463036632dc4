export * from './reference';
export * from './programs';
export * from './people';
export * from './beaches';
export * from './results';
export * from './content';
export * from './result-counts';
export * from './idempotency';
