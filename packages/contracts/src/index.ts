export * from './common.js';
export * from './constants.js';
export * from './menus.js';
export * from './permissions.js';
export * from './session.js';
