/** Service gate types of SPEC §6: 1 CASPUSH, 2 VISITINGCARD, 3 either, 4 WJTPOSTER. */
export type ServiceType = 1 | 2 | 3 | 4;

/**
 * The menu views a company's package may lack (MENU_TREE's `needsCode`) and the SPEC §6 gate type that opens each:
 * the server leaves them out of the menu of a company without the service, so opening one by address, a saved
 * link or a shortcut is met by the gate's dialog, not by /404.
 */
export const GATED_VIEWS: Record<string, ServiceType> = {
  '/private-guest/articles': 1,
  '/private-guest/articles/edit': 1,
  '/private-guest/file-manage': 1,
  '/private-guest/video': 1,
  '/private-guest/card': 2,
  '/private-guest/website': 2,
  '/private-guest/radar': 3,
  '/private-guest/guestbook': 3,
  '/private-guest/poster': 4,
};
