import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, logInThroughApi, test } from "../../fixtures.ts";

// Only the browser's own headers here: the Origin the config adds for the API fixtures would hide the real one.
test.use({ extraHTTPHeaders: {} });

/** A page on another port of the same host that auto-submits a text/plain form to `action` (decision 011). */
async function attackerPage(action: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_request, response) => {
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end(
      `<form method="post" action="${action}" enctype="text/plain"><input name="x" value="1"></form>` +
        "<script>document.forms[0].submit()</script>",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

test.describe("cross-site requests (decision 011)", () => {
  test("a form auto-submitted from another port neither logs the user out nor creates anything", async ({
    page,
    account,
    baseURL,
  }) => {
    await logInThroughApi(page, account.email, account.password);
    for (const path of ["/api/auth/logout", "/api/shared-content"]) {
      const attacker = await attackerPage(`${baseURL}${path}`);
      try {
        const answer = page.waitForResponse((r) => r.url().endsWith(path));
        await page.goto(attacker.url);
        expect((await answer).status(), path).toBe(403);
      } finally {
        attacker.close();
      }
    }
    expect((await page.request.get("/api/me")).status()).toBe(200);
    // The dashboard itself still writes: the browser sends its own Origin.
    await page.goto("/personal-information");
    const status = await page.evaluate(async () => (await fetch("/api/shared-content", { method: "POST" })).status);
    expect(status).toBe(201);
  });

  test("a forged Origin is refused", async ({ page, account }) => {
    await logInThroughApi(page, account.email, account.password);
    const forged = await page.request.patch("/api/me", {
      data: { firstName: "Mallory" },
      headers: { Origin: "http://evil.example" },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).error.code).toBe("FORBIDDEN");
  });
});
