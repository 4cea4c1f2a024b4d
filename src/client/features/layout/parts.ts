import { boundedPart } from '../../lib/lazy-page';
import { withTexts } from '../../lib/screen-messages';

/**
 * The items of the header's menu (places and languages) and the footer: in every page's HTML (the Worker renders
 * them in place), their module and texts (namespace layout) loaded after the page's first JavaScript, and hydrated
 * when they arrive. The menu's button works with the page; its links work as links before.
 */
const load = withTexts('layout', () => import('./later-parts'));
export const MenuItems = boundedPart(() => load().then((module) => ({ default: module.MenuItems })));
export const Footer = boundedPart(() => load().then((module) => ({ default: module.Footer })));
