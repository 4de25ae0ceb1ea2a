import { type AnchorHTMLAttributes, createContext, type ReactNode, type Ref, use } from 'react';

/**
 * How the pages that the patients' front door shares with the app (activation, Welcome Back, the page frame) link
 * and move on (decision 0235). In the app the data router does it (app/layout.tsx provides it from react-router);
 * the front door (front-door.tsx) has no router: a link is a plain link and moving on is a normal navigation, which
 * loads the app.
 */
export interface Navigation {
  /** Where the browser is: path and query string ('?a=b' or ''). */
  location: { pathname: string; search: string };
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
  Link: (props: AppLinkProps) => ReactNode;
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/** The front door's: the browser's own links and navigations. */
export const documentNavigation: Navigation = {
  get location() {
    return { pathname: window.location.pathname, search: window.location.search };
  },
  navigate: (to, options) => {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  },
  Link: ({ to, ...props }) => <a href={to} {...props} />,
};

const NavigationContext = createContext<Navigation>(documentNavigation);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export const useNavigation = (): Navigation => use(NavigationContext);

/** A link inside the portal, for Mantine's `component` prop as for plain use. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}
