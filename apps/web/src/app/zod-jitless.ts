import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may, and finds out by trying one: the console's
// Content-Security-Policy allows no eval, so the try would be reported as a violation. Interpreted parsers suffice.
// (Imported first by main.tsx: the setting must come before any schema is built.)
config({ jitless: true });
