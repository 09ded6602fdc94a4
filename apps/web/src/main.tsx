import { TIMINGS } from "@doorstep/shared/constants";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { SessionBootstrap, takeLoginToken } from "./app/session-bootstrap.tsx";
import { prefetchBoot } from "./lib/boot.ts";
import "./styles/tokens.css";
import "./styles/base.css";
import "./components/ui/button.css";
import "./components/ui/spinner.css";

// XCUT-50: the page fade follows the shared constant.
document.documentElement.style.setProperty("--page-fade-ms", `${TIMINGS.pageFadeMs}ms`);

// AUTH-14: take the auto-login token out of the address before the router reads it.
const loginToken = takeLoginToken();
const queryClient = createQueryClient();
// The session and the public settings are asked for now, beside the page's chunks (preloaded by the router),
// not after React's first render: on a slow phone that is a round trip and a render sooner.
prefetchBoot(queryClient, { session: loginToken === null });
const router = createAppRouter();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <SessionBootstrap loginToken={loginToken}>
        <RouterProvider router={router} />
      </SessionBootstrap>
    </AppProviders>
  </StrictMode>,
);
