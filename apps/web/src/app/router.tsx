import { createBrowserRouter, matchRoutes, Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { RequireAuth, RequireGuest } from "./guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { AuthLayout } from "./layout/auth-layout.tsx";
import { page, preloadPages } from "./lazy-page.ts";
import type * as MoreRoutes from "./more-routes.tsx";
import { RouteError } from "./route-error.tsx";

type MoreRoutesModule = typeof MoreRoutes;

// Every page is its own chunk, so the first load carries only the shell (docs/architecture.md §9: ≤ 120 KB gzip).
// The pages a first visit most often shows are listed here; the rest, and their chunks' lists, in more-routes.tsx.
const LoginPage = page(
  () => import("../features/auth/routes/login.tsx"),
  (m) => m.LoginPage,
);
const CreateAccountPage = page(
  () => import("../features/auth/routes/create-account.tsx"),
  (m) => m.CreateAccountPage,
);
const TryFreePage = page(
  () => import("../features/auth/routes/create-account.tsx"),
  (m) => m.TryFreePage,
);
const WelcomePage = page(
  () => import("../features/auth/routes/welcome.tsx"),
  (m) => m.WelcomePage,
);
const ForgotPasswordPage = page(
  () => import("../features/auth/routes/forgot-password.tsx"),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = page(
  () => import("../features/auth/routes/reset-password.tsx"),
  (m) => m.ResetPasswordPage,
);
const JoinPage = page(
  () => import("../features/team/routes/join.tsx"),
  (m) => m.JoinPage,
);
const HomePage = page(
  () => import("./routes/home-route.tsx"),
  (m) => m.HomeRoute,
);
const CreateAffiliateAccountPage = page(
  () => import("./routes/create-affiliate-account-route.tsx"),
  (m) => m.CreateAffiliateAccountRoute,
);
const PartnerPage = page(
  () => import("../features/affiliates/routes/partner-page.tsx"),
  (m) => m.PartnerPage,
);
const NotFoundPage = page(
  () => import("../features/placeholder/routes/placeholder-page.tsx"),
  (m) => m.NotFoundPage,
);

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The root route's id: the pages of more-routes.tsx are added under it. */
const ROOT_ID = "root";

export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // XCUT-02: logged-out-only pages and where a logged-in visitor goes instead.
      {
        element: <RequireGuest loggedInTo="next" />,
        children: [{ element: <AuthLayout />, children: [{ path: "login", element: <LoginPage /> }] }],
      },
      {
        element: <RequireGuest loggedInTo="/welcome" />,
        children: [{ element: <AuthLayout />, children: [{ path: "create-account", element: <CreateAccountPage /> }] }],
      },
      {
        element: <RequireGuest loggedInTo="/setup-place" />,
        children: [{ element: <AuthLayout />, children: [{ path: "try-free", element: <TryFreePage /> }] }],
      },
      {
        element: <RequireGuest loggedInTo="/" />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: "forgot-password", element: <ForgotPasswordPage /> },
              { path: "reset-password", element: <ResetPasswordPage /> },
              // Decision 057: an invitation's link, logged out only.
              { path: "join", element: <JoinPage /> },
              // XCUT-07, XCUT-08: logged out only; logged in → /.
              { path: "partners/:affiliateTrackingLabel", element: <PartnerPage /> },
              { path: "create-affiliate-account", element: <CreateAffiliateAccountPage /> },
            ],
          },
        ],
      },
      // XCUT-03, OPEN-11: /welcome is always available.
      { element: <AuthLayout />, children: [{ path: "welcome", element: <WelcomePage /> }] },
      // Both kinds of account: home is the affiliate or the host dashboard (HOME-01). Every other signed-in page
      // is in more-routes.tsx, added when an address needs it.
      {
        element: <RequireAuth />,
        children: [{ element: <AppLayout />, children: [{ index: true, element: <HomePage /> }] }],
      },
      // XCUT-06: /r is the server's referral redirect; a client-side visit to anything unknown lands here.
      { element: <AuthLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
    ],
  },
];

let more: Promise<MoreRoutesModule> | null = null;
/** The table of every other page, loaded once. */
const loadMoreRoutes = () => (more ??= import("./more-routes.tsx"));

/**
 * The router: this file's pages at once, the others (more-routes.tsx) added the first time an address is not one
 * of these (React Router's `patchRoutesOnNavigation`, which also asks when only "not found" matched). The first
 * address's page starts loading its chunk now, or as soon as the other table is in, not once the session is known.
 */
export function createAppRouter(): ReturnType<typeof createBrowserRouter> {
  let patched = false;
  const router = createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const { moreRoutes } = await loadMoreRoutes();
      if (patched) return;
      patched = true;
      patch(ROOT_ID, moreRoutes);
    },
  });
  const here = matchRoutes(routes, window.location) ?? [];
  if (here.length > 0 && here.at(-1)!.route.path !== "*") preloadPages(here);
  else
    void loadMoreRoutes()
      .then(({ moreRoutes }) => preloadPages(matchRoutes(moreRoutes, window.location) ?? []))
      .catch(() => {
        // The navigation reports it (RouteError).
      });
  return router;
}
