import { CONSENT_FLAG_KEY, CONSENT_SETTINGS_KEY } from './consent-store';

/** Set on <html> while the cookie banner is to be seen; the stylesheet hides the banner otherwise. */
export const BANNER_OPEN_ATTRIBUTE = 'data-cookie-banner-open';

/**
 * The server renders the cookie banner into every page, so a first visitor sees it with the page's first paint
 * (not after the JavaScript has run: it was the largest and latest paint of most pages, their LCP). Whether the
 * visitor has chosen already is only known in the browser: this script, sent inline as the first thing in <head>
 * (worker/pages/head-script.ts), runs before the body is parsed and opens the banner unless a choice is stored — the same test as readConsent(), so a
 * returning visitor never sees it flash. Without storage (blocked) the banner shows, as after hydration.
 */
export const BANNER_SCRIPT = `(function(){try{var s=localStorage,c=JSON.parse(s.getItem(${JSON.stringify(CONSENT_SETTINGS_KEY)}));if(s.getItem(${JSON.stringify(CONSENT_FLAG_KEY)})==='true'&&c&&typeof c==='object')return}catch(e){}document.documentElement.setAttribute(${JSON.stringify(BANNER_OPEN_ATTRIBUTE)},'')})();`;
