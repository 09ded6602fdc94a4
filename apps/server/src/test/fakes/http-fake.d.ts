import http from "node:http";
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** A JSON answer, or raw bytes with headers (an image, a redirect's Location). */
export type FakeResponse =
  | {
      status?: number;
      json: unknown;
    }
  | {
      status?: number;
      headers?: Record<string, string>;
      body?: Buffer | string;
    };
export type FakeHandler = (req: FakeRequest) => FakeResponse;
/** A tiny HTTP server standing in for an outside service's API on 127.0.0.1, so providers are tested over real HTTP offline. */
export declare function startFakeHttp(
  handler: FakeHandler,
  /** A fixed port (a fake the e2e app server is pointed at); any free one by default. */
  port?: number,
): Promise<{
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}>;
