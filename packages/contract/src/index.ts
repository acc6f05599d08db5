export * from './errors.js';
export * from './common.js';
export * from './strings.js';
export * from './auth.js';
export * from './users.js';
export * from './app-state.js';
export * from './catalogue.js';
export * from './rates.js';
