import { INITIAL_DATA_GLOBAL } from '../../shared/initial-data';
import type { HydrateWhen } from '../../shared/screen';

/** Dispatched on window once the page has hydrated (document.tsx). */
export const HYDRATED_EVENT = 'reisesteine:hydrated';

/** How long after the page's load the browser may stay busy before the JavaScript loads anyway. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * The inline script of a screen that hydrates after its first paint or after load (routes.ts `hydrate`, decision
 * record 019). The page arrives complete from the server; its JavaScript (React alone is 67 KiB gzip) is not
 * fetched with it but, 'after-paint', as soon as the page has been painted (the frame after the first one, so the
 * HTML and the styles have the connection to themselves until then; at once in a hidden tab, which paints
 * nothing), or, 'after-load', once the page has loaded and the browser is idle — either way at once when the
 * visitor first taps, presses a key or focuses something. Then the page's modules are preloaded side by side and
 * the entry imported, which hydrates.
 * A button tapped before the page was interactive is pressed again once it is, so the tap is not lost (a form
 * sent before is held and sent then). Links work without JavaScript. If the download fails, the next tap tries
 * again. Runs with the page's data (window[INITIAL_DATA_GLOBAL]), under the response's nonce, which the
 * preloads and the import carry on.
 */
export function deferredHydrationScript(entry: string, when: HydrateWhen): string {
  return `(function(){var d=document,w=window,s=d.currentScript,n=s&&s.nonce,started=false,held=null,
ev=['pointerdown','keydown','touchstart','focusin'];
function hydrated(){return d.documentElement.hasAttribute('data-hydrated')}
function start(){if(started||hydrated())return;started=true;
(w[${JSON.stringify(INITIAL_DATA_GLOBAL)}].assets.preload||[]).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;if(n)l.nonce=n;d.head.appendChild(l)});
import(${JSON.stringify(entry)}).catch(function(){started=false})}
ev.forEach(function(e){d.addEventListener(e,start,{capture:true,passive:true})});
d.addEventListener('click',function(e){if(hydrated())return;var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!b.form){held=b;start()}},true);
d.addEventListener('submit',function(e){if(hydrated())return;e.preventDefault();held=e.target;start()},true);
w.addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){var h=held;held=null;if(!h||!h.isConnected)return;if(h.tagName==='FORM')h.requestSubmit();else h.click()});
${
  when === 'after-paint'
    ? `if(d.visibilityState==='hidden')start();else requestAnimationFrame(function(){setTimeout(start,0)})})();`
    : `function idle(){w.requestIdleCallback?w.requestIdleCallback(start,{timeout:${IDLE_TIMEOUT_MS}}):setTimeout(start,1)}
if(d.readyState==='complete')idle();else w.addEventListener('load',idle,{once:true})})();`
}`;
}
