import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildUser, type TestUser } from "../test/factories.ts";
import { fillRoute, UPLOAD_ROUTES, uploadRouteValues } from "../test/upload-routes.ts";

/**
 * A multipart body cut short — a dropped connection, a broken client — is the client's fault: the parser's
 * "Unexpected end of multipart data" is answered 400 with a message, on every route that reads uploads.
 */
describe("a truncated multipart body", () => {
  let t: TestApp;
  let owner: TestUser;
  let values: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.ctx);
    values = await uploadRouteValues(t, owner);
  });
  afterAll(() => t.close());

  // Guest messages and replies take their files in `files`; every other upload in `file`.
  const BODIES = (field: string): [string, string, string][] => [
    ["its first boundary only", "multipart/form-data; boundary=x", "--x\r\n"],
    ["a part's headers cut off", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="fi'],
    [
      "a file with no closing boundary",
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
    ],
  ];

  it("answers 400 with a clear message on every upload route, the guest's included", async () => {
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    for (const key of UPLOAD_ROUTES) expect(registered, key).toContain(key);
    for (const key of UPLOAD_ROUTES) {
      const [method, url] = key.split(" ") as [string, string];
      const guest = url.startsWith("/g/");
      for (const [what, contentType, payload] of BODIES(url.endsWith("/messages") ? "files" : "file")) {
        const res = await t.app.inject({
          method: method as "PUT",
          url: fillRoute(url, values),
          payload,
          remoteAddress: "198.51.100.78",
          headers: {
            "content-type": contentType,
            accept: "application/json",
            ...(guest ? {} : { cookie: owner.cookie }),
          },
        });
        expect(res.statusCode, `${key} with ${what}: ${res.body.slice(0, 200)}`).toBe(400);
        if (!guest)
          expect(res.json().error, `${key} with ${what}`).toMatchObject({ message: copy.errors.uploadIncomplete });
      }
    }
  });
});
