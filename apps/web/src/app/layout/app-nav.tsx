import { shellCopy } from "@doorstep/shared/copy/shell";
import type { MeResponse } from "@doorstep/shared/schemas/user";
import { useEffect, useRef } from "react";
import { Link } from "../../components/ui/link.tsx";
import { currentItem, navGroups } from "./nav-items.ts";
import "./app-nav.css";

export const NAV_ID = "app-nav";

/**
 * The signed-in pages' navigation: a sidebar on wide screens; on phones the same list opens under the
 * header's menu button. Escape closes it and gives focus back to the button.
 */
export function AppNav({
  me,
  pathname,
  open,
  onClose,
}: {
  me: MeResponse;
  pathname: string;
  open: boolean;
  onClose: (returnFocus: boolean) => void;
}) {
  const groups = navGroups(me);
  const current = currentItem(groups, pathname);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  return (
    <nav
      id={NAV_ID}
      ref={ref}
      className={`app-nav${open ? " app-nav--open" : ""}`}
      aria-label={shellCopy.common.mainNavigation}
    >
      {groups.map((group, index) => (
        <div className="app-nav__group" key={group.label ?? index}>
          {group.label ? (
            <h2 className="app-nav__heading" id={`app-nav-${index}`}>
              {group.label}
            </h2>
          ) : null}
          <ul aria-labelledby={group.label ? `app-nav-${index}` : undefined}>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="app-nav__link"
                  aria-current={item === current ? "page" : undefined}
                  onClick={() => onClose(false)}
                >
                  <span>{item.label}</span>
                  {item.badge ? (
                    <span className="app-nav__badge">
                      <span aria-hidden="true">{item.badge > 99 ? "99+" : item.badge}</span>
                      <span className="visually-hidden">{`, ${(item.badgeLabel ?? shellCopy.header.unread)(item.badge)}`}</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
