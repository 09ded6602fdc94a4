import type { AnchorHTMLAttributes, Ref } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link inside the dashboard: a real `<a href>` whose plain left click navigates in the app. It is React
 * Router's own `href` and click handling (`useHref`, `useLinkClickHandler`: modifier keys, other targets and
 * middle clicks stay the browser's; a link to where you are replaces). React Router's `Link` also carries
 * route prefetching, view transitions and server-component support, which the dashboard never uses and which
 * cost about 1.5 kB gzip of the first view (decision 026); the lint rule sends every import here.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
