// The production server (server.ts) with two routes that start work which fails after the response, outside
// the request's promise: what the process guards exist for. Only main.test.ts runs it.
import { runServer } from "../server.ts";

runServer((app) => {
  app.post("/test/fault/reject", { config: { public: true } }, async (request) => {
    setTimeout(() => void Promise.reject(new Error(`fault: rejected ${JSON.stringify(request.body)}`)), 10);
    return { started: true };
  });
  app.get("/test/fault/throw", { config: { public: true } }, async () => {
    setTimeout(() => {
      throw new Error("fault: thrown");
    }, 10);
    return { started: true };
  });
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
