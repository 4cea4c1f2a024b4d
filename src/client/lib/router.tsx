import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { matchRoute } from '../../shared/routes';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Set by navigate(): scroll to the hash (or the top) once the new screen has rendered. */
  scroll?: boolean;
}

interface RouterValue {
  location: Location;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function hashTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw text up instead.
  }
  return id ? document.getElementById(id) : null;
}

function scrollToHash(hash: string) {
  const target = hashTarget(hash);
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * After a navigation, moves keyboard and screen-reader focus to where the reader now is: the element the hash
 * names, else the screen's main heading. Without this, focus stays on the link that was clicked (or the body).
 */
export function focusScreen(hash: string = window.location.hash) {
  const target = hashTarget(hash) ?? document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main');
  if (!target) return;
  if (!target.matches(FOCUSABLE)) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

let navigations = 0;

/** How many times navigate() ran: tells a dialog whether it led somewhere, even to the address already open. */
export function navigationCount(): number {
  return navigations;
}

/** Client-side navigation over the History API, starting from the location the server rendered. */
export function RouterProvider({ initial, children }: { initial: Location; children: ReactNode }) {
  const [location, setLocation] = useState(initial);

  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    const url = new URL(to, window.location.href);
    const redirect = matchRoute(url.pathname).redirectTo;
    if (redirect) url.pathname = redirect;
    const target = `${url.pathname}${url.search}${url.hash}`;
    navigations += 1;
    if (options.replace) window.history.replaceState(null, '', target);
    else window.history.pushState(null, '', target);
    startTransition(() => setLocation({ ...currentLocation(), scroll: true }));
  }, []);

  return <RouterContext.Provider value={{ location, navigate }}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

/**
 * Scrolls after a navigation, from inside the screen's Suspense boundary: its layout effect runs only once the
 * (lazily loaded) screen is in the DOM, so the hash target exists.
 */
export function ScrollOnNavigate() {
  const { location } = useRouter();
  useLayoutEffect(() => {
    if (!location.scroll) return;
    scrollToHash(location.hash);
    focusScreen(location.hash);
  }, [location]);
  return null;
}

/** An anchor that navigates on the client for same-origin targets and behaves normally otherwise. */
export function Link({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigate, location } = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (props.target && props.target !== '_self') return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    if (url.pathname === location.pathname && url.hash) {
      window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
      scrollToHash(url.hash);
      focusScreen(url.hash);
      return;
    }
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return <a href={href} onClick={handle} {...props} />;
}
