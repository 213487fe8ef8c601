export * from './accounts.js';
