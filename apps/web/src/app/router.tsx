import { copy } from "@doorstep/shared/copy";
import { lazy } from "react";
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from "react-router";
import { RequireAuth, RequireGuest } from "./guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { AuthLayout } from "./layout/auth-layout.tsx";
import { RouteError } from "./route-error.tsx";

// Every page is its own chunk, so the first load carries only the shell (ARCHITECTURE §9: ≤ 200 KB gzip).
const LoginPage = lazy(() => import("../features/auth/routes/login.tsx").then((m) => ({ default: m.LoginPage })));
const CreateAccountPage = lazy(() => import("../features/auth/routes/create-account.tsx").then((m) => ({ default: m.CreateAccountPage })));
const TryFreePage = lazy(() => import("../features/auth/routes/create-account.tsx").then((m) => ({ default: m.TryFreePage })));
const WelcomePage = lazy(() => import("../features/auth/routes/welcome.tsx").then((m) => ({ default: m.WelcomePage })));
const ForgotPasswordPage = lazy(() => import("../features/auth/routes/forgot-password.tsx").then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import("../features/auth/routes/reset-password.tsx").then((m) => ({ default: m.ResetPasswordPage })));
const HomePage = lazy(() => import("../features/home/routes/home.tsx").then((m) => ({ default: m.HomePage })));
const PersonalInformationPage = lazy(() =>
  import("../features/profile/routes/personal-information.tsx").then((m) => ({ default: m.PersonalInformationPage })),
);
const LoginSecurityPage = lazy(() => import("../features/profile/routes/login-security.tsx").then((m) => ({ default: m.LoginSecurityPage })));
const PlaceholderPage = lazy(() => import("../features/placeholder/routes/placeholder-page.tsx").then((m) => ({ default: m.PlaceholderPage })));
const NotFoundPage = lazy(() => import("../features/placeholder/routes/placeholder-page.tsx").then((m) => ({ default: m.NotFoundPage })));

const titles = copy.placeholderPage.titles;

/** Pages the later issues fill; they need login now (XCUT-05, XCUT-11, XCUT-12). */
const placeholderRoutes: [path: string, title: string][] = [
  ["properties", titles.properties],
  ["create-property", titles.createProperty],
  ["property/:propertyId/*", titles.property],
  ["property-managers", titles.propertyManagers],
  ["company-profile", titles.companyProfile],
  ["shared-content/:propertyId/*", titles.sharedContent],
  ["local-area-profiles", titles.localAreaProfiles],
  ["subscription", titles.subscription],
  ["subscription-success", titles.subscriptionSuccess],
  ["cancellation", titles.cancellation],
  ["referrals", titles.referrals],
  ["guide-analytics", titles.guideAnalytics],
  ["messaging", titles.messaging],
  ["messaging/:messageId", titles.messaging],
  ["messaging-settings", titles.messagingSettings],
  ["bulk-updates", titles.bulkUpdates],
];

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      // XCUT-02: logged-out-only pages and where a logged-in visitor goes instead.
      { element: <RequireGuest loggedInTo="next" />, children: [{ element: <AuthLayout />, children: [{ path: "login", element: <LoginPage /> }] }] },
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
            ],
          },
        ],
      },
      // XCUT-03, OPEN-11: /welcome is always available.
      { element: <AuthLayout />, children: [{ path: "welcome", element: <WelcomePage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <HomePage /> },
              { path: "personal-information", element: <PersonalInformationPage /> },
              { path: "login-security", element: <LoginSecurityPage /> },
              ...placeholderRoutes.map(([path, title]) => ({ path, element: <PlaceholderPage title={title} /> })),
            ],
          },
        ],
      },
      // XCUT-10: the setup flow sends logged-out visitors to /try-free.
      {
        element: <RequireAuth loggedOutTo="/try-free" />,
        children: [{ element: <AppLayout />, children: [{ path: "setup-place", element: <PlaceholderPage title={titles.setupPlace} /> }] }],
      },
      { element: <AuthLayout />, children: [{ path: "*", element: <NotFoundPage /> }] },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
