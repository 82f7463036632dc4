/** One permission model for the web menu and the server checks (SPEC 6, DESIGN 4). Pure: no I/O. */
export * from './levels';
export * from './organization';
export * from './program';
export * from './system';
export * from './menu';
export * from './programSelector';
export * from './grants';
export * from './accident-reports';
export * from './incidents';
export * from './sanitary-surveys';
export * from './source-trackdowns';
export * from './seasons';
