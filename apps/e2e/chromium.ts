/**
 * The arguments the browser tests start Debian's Chromium with (playwright.config.ts), and the benches that drive
 * a browser.
 *
 * Each new browser context opens a window of the full browser, and Chromium 156 gives every window two WebUI
 * renderers for the address bar's suggestion popups (chrome://omnibox-popup.top-chrome/), which a test never
 * sees. Starting and compiling them was 40 % of the machine's CPU per test context (bench/browser-pages.ts:
 * 1,120 ms of CPU per context and page load with them, 663 ms without). `WebUIOmniboxPopup` and
 * `WebUIOmniboxAimPopup` turn them off.
 *
 * Chromium reads only the last `--disable-features`, and Playwright passes its own list first, so ours repeats
 * Playwright's (playwright-core's chromiumSwitches, 1.65) before adding to it; the suite checks that the browser
 * runs with both (tests/tooling/browser.spec.ts).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

export const OUR_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(",")}`,
];
