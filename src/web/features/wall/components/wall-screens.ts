/**
 * The wall's screens behind one lazy import: the Wall tab and a match's thread share their feed, posts and
 * reactions, so they load as one file — imported apart, those modules would count as shared by two
 * screens and land in the `app` file every signed-in page loads (vite.config.ts).
 */
export { WallPanel } from './wall-panel';
export { MatchThreadSheet } from './match-thread';
