/**
 * A visitor's name as the console shows it everywhere (list, drawer, workbench, merges, spread view): the name they
 * gave, or an anonymous one by number (匿名访客 #1234), so that two anonymous visitors are told apart and the same one
 * is recognised from screen to screen and in the server's messages, which name them the same way.
 */
export const visitorLabel = (name: string | null | undefined, visitorId: number, anonymous: string) =>
  name || `${anonymous} #${visitorId}`;
