/** The header menu's items and the footer, hydrated after the page's first JavaScript (parts.ts): one module, one file. */
export { Footer } from './footer';
export { MenuItems } from './header-menu';
