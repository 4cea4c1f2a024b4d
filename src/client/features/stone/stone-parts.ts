/**
 * The stone page's parts that hydrate after its first JavaScript (pages/stone.tsx): one module, so they arrive in
 * one file.
 */
export { StoneMap } from '../stone-map/stone-map';
export { WelcomeDialog } from '../welcome-dialog/welcome-dialog';
export { FindsList } from './finds-list';
export { StoneState } from './stone-state';
