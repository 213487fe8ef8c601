/** A `locales.ts`: its catalog in each language. */
type LocaleModule = { default: Partial<Record<string, Record<string, unknown>>> };

/**
 * The catalogs the first screen does without: every other area's `locales.ts` (its namespace is the folder name),
 * in one chunk that i18n.ts loads after the first screen and before any page that needs it (`catalogsReady`). The
 * excluded ones are i18n.ts's EAGER set, in the start-up chunk.
 */
const catalogs = import.meta.glob<LocaleModule>(
  ['../features/*/locales.ts', './*/locales.ts', '!../features/session/locales.ts', '!../features/errors/locales.ts'],
  { eager: true },
);
export default catalogs;
