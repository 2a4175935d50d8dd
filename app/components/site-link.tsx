// Links within the site. React Router's <Link> navigates without loading a new document, but only
// where React runs: public pages ship none (decision 008), and there a <Link> only cost the server
// its path matching, about a tenth of a render (decision 031). So a link is React Router's on pages
// that run React (sign-in, the admin area, a public page reached from them) and a plain <a> on the
// others. The root layout says which.
import { createContext, useContext, type ComponentProps } from "react";
import { Link } from "react-router";

const ClientNavigation = createContext(true);

/** Set by the root layout: whether this page runs React, so its links can navigate client-side. */
export const ClientNavigationProvider = ClientNavigation.Provider;

type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: string;
  /** Where React runs: fetch the next page's code when the pointer or focus comes near. */
  prefetch?: "intent";
};

/** `href` goes after the other attributes, where React Router's <Link> puts it: the same markup either way (the blog preview compares them). */
export function SiteLink({ to, prefetch, ...props }: SiteLinkProps) {
  return useContext(ClientNavigation) ? <Link to={to} prefetch={prefetch} {...props} /> : <a {...props} href={to} />;
}
