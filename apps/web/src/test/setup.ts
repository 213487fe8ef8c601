/**
 * Before each file of the component files that share modules (vite.config.ts, project `shared`): a clean page, and
 * the component tests' hooks registered for this file.
 */
import { startEachFileClean } from './between-files';
import { registerRenderHooks } from './render';

startEachFileClean();
registerRenderHooks();
