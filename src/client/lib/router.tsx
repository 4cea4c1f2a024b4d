import { createContext, startTransition, useCallback, useContext, useEffect, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { matchRoute } from '../../shared/routes';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
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

function scrollAfterNavigation(hash: string) {
  requestAnimationFrame(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  });
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
    if (options.replace) window.history.replaceState(null, '', target);
    else window.history.pushState(null, '', target);
    startTransition(() => setLocation(currentLocation()));
    scrollAfterNavigation(url.hash);
  }, []);

  return <RouterContext.Provider value={{ location, navigate }}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
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
      scrollAfterNavigation(url.hash);
      return;
    }
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return <a href={href} onClick={handle} {...props} />;
}
