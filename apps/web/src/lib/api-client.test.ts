import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_VERSION } from "@doorstep/shared/constants";
import { ApiError, apiRequest, setUnauthenticatedHandler, toApiError } from "./api-client.ts";

describe("toApiError", () => {
  afterEach(() => setUnauthenticatedHandler(() => {}));

  it("reads the shared error envelope", () => {
    const error = toApiError(409, JSON.stringify({ error: { code: "EMAIL_TAKEN", message: "taken" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("EMAIL_TAKEN");
    expect(error.status).toBe(409);
  });

  it("falls back to the status when the body is not the envelope", () => {
    expect(toApiError(429, "Too many").code).toBe("RATE_LIMITED");
    expect(toApiError(502, "<html>").code).toBe("INTERNAL");
    expect(toApiError(503, "<html>Service Unavailable</html>").code).toBe("UNAVAILABLE");
  });

  it("ends the session on UNAUTHENTICATED", () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    toApiError(401, JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "Please log in." } }));
    expect(handler).toHaveBeenCalledTimes(1);
    toApiError(401, JSON.stringify({ error: { code: "WRONG_PASSWORD", message: "no" } }));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe("apiRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the session cookie and returns nothing for 204", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetchMock);
    await expect(apiRequest("/api/me", { method: "PATCH", body: { firstName: "Ann" } })).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/me",
      expect.objectContaining({
        method: "PATCH",
        credentials: "same-origin",
        body: JSON.stringify({ firstName: "Ann" }),
      }),
    );
  });

  it("sends the client version on every request, so login attempts record it (AUTH-12)", async () => {
    const fetchMock = vi.fn((_path: string, _init: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("/api/auth/login", { method: "POST", body: { email: "a@example.com", password: "x" } });
    await apiRequest("/api/me");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init.headers).get("x-client-version")).toBe(CLIENT_VERSION);
    }
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get("content-type")).toBe("application/json");
  });

  it("throws an ApiError with code and status on failure", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: "USER_NOT_FOUND", message: "none" } }), { status: 404 }),
      ),
    );
    await expect(apiRequest("/api/auth/login", { method: "POST", body: {} })).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
      status: 404,
    });
  });
});
