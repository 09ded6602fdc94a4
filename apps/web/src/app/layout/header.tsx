import { shellCopy } from "@doorstep/shared/copy/shell";
import { LAYOUT } from "@doorstep/shared/constants";
import type { MeResponse } from "@doorstep/shared/schemas/user";
import { lazy, Suspense, useEffect, useState, type RefObject } from "react";
import { useLocation } from "react-router";
import { Link } from "../../components/ui/link.tsx";
import { useLogout } from "../../features/auth/api/logout.ts";
import { imageAtWidth, initialsOf } from "../../lib/format.ts";
import { NAV_ID } from "./app-nav.tsx";
import { Logo } from "./logo.tsx";
import "./header.css";

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [px]);
  return past;
}

// The page action is only on the property pages and the list, so the home's first view does not load it.
const HeaderAction = lazy(() => import("./header-action.tsx").then((m) => ({ default: m.HeaderAction })));
const hasAction = (pathname: string) => pathname === "/properties" || pathname.startsWith("/property/");

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header bar (HOME-16…20): logo, back link (when the page has none), the phone's menu button, messages, profile image and logout; compact
 * after 100 px.
 */
export function Header({
  me,
  menuOpen,
  onToggleMenu,
  menuButton,
  showBack,
}: {
  me: MeResponse;
  menuOpen: boolean;
  onToggleMenu: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
  /** False while the page shows its own back link: one per page. */
  showBack: boolean;
}) {
  const { user, unreadMessageCount } = me;
  const location = useLocation();
  const compact = useScrolledPast(LAYOUT.headerShrinkScrollPx);
  const logout = useLogout();
  const isHome = location.pathname === "/";
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");

  return (
    <header className={`header${compact ? " header--compact" : ""}`}>
      <div className="header__inner">
        <div className="header__start">
          <button
            type="button"
            className="header__menu"
            ref={menuButton}
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            aria-label={shellCopy.nav.menu}
            onClick={onToggleMenu}
          >
            <MenuIcon />
            <span className="header__menu-label" aria-hidden="true">
              {shellCopy.nav.menu}
            </span>
          </button>
          <Link to="/" className="header__logo" aria-label={shellCopy.header.home}>
            <Logo />
          </Link>
          {isHome || !showBack ? null : (
            <Link to="/" className="header__back">
              <span aria-hidden="true">←</span>
              <span className="label-long">{shellCopy.common.backToDashboard}</span>
              <span className="label-short">{shellCopy.common.back}</span>
            </Link>
          )}
        </div>
        <div className="header__end">
          {hasAction(location.pathname) ? (
            <Suspense fallback={null}>
              <HeaderAction pathname={location.pathname} />
            </Suspense>
          ) : null}
          {user.messagingActive ? (
            <Link
              to="/messaging"
              className="header__icon-link"
              aria-label={
                unreadMessageCount > 0
                  ? `${shellCopy.header.messages}, ${shellCopy.header.unread(unreadMessageCount)}`
                  : shellCopy.header.messages
              }
            >
              <ChatIcon />
              {unreadMessageCount > 0 ? (
                <span className="header__badge" aria-hidden="true">
                  {unreadMessageCount > 99 ? "99+" : unreadMessageCount}
                </span>
              ) : null}
            </Link>
          ) : null}
          <Link
            to="/personal-information"
            className="header__avatar"
            aria-label={shellCopy.header.profile}
            title={name}
          >
            {user.photoUrl ? (
              <img src={imageAtWidth(user.photoUrl, 100)} alt="" width={40} height={40} />
            ) : (
              <span aria-hidden="true">{initialsOf(user.firstName, user.lastName)}</span>
            )}
          </Link>
          <button type="button" className="header__logout" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {shellCopy.common.logout}
          </button>
        </div>
      </div>
    </header>
  );
}
