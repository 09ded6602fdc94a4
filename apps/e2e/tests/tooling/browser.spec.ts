import fs from "node:fs";
import { expect, test } from "../../fixtures.ts";
import { OUR_DISABLED_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from "../../chromium.ts";

// The suite's own browser (chromium.ts): the features it turns off are off, and Playwright's are still off,
// since Chromium reads only the last --disable-features and ours must repeat Playwright's.
test.describe("the test browser", () => {
  test("opens no address-bar popup renderers beside the page", async ({ page, browser }) => {
    await page.goto("/login");
    const session = await browser.newBrowserCDPSession();
    // An empty filter lists every kind of target, the browser's own UI included.
    const { targetInfos } = await session.send("Target.getTargets", { filter: [{}] });
    const urls = targetInfos.map((target) => target.url);
    expect(urls).toContain(page.url());
    expect(urls.filter((url) => url.startsWith("chrome://"))).toEqual([]);
  });

  test("runs with Playwright's disabled features and ours, in the list Chromium reads", async ({ browser }) => {
    expect(browser.isConnected()).toBe(true);
    // This worker's Chromium: the browser process (no --type) whose parent is this worker.
    const parentOf = (pid: string) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    };
    const browsers = fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          return parentOf(pid) === process.pid ? [fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")] : [];
        } catch {
          return []; // gone meanwhile
        }
      })
      .filter((args) => args.includes("--remote-debugging-pipe") && !args.some((arg) => arg.startsWith("--type=")));
    expect(browsers).toHaveLength(1);
    for (const args of browsers) {
      const lists = args.filter((arg) => arg.startsWith("--disable-features="));
      const effective = lists.at(-1)!.slice("--disable-features=".length).split(",");
      // Playwright's own list, as this version passes it, is the first; all of it must be in the last.
      const playwrights = lists[0]!.slice("--disable-features=".length).split(",");
      expect(effective).toEqual(expect.arrayContaining([...playwrights, ...OUR_DISABLED_FEATURES]));
      expect(playwrights).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
    }
  });
});
