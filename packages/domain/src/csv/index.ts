export * from './columns';
export * from './format';
export * from './parse';
export * from './legacy';
