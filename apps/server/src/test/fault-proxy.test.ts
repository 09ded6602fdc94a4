import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.ts";

/** An echo server behind the proxy: what is sent comes back only while the proxy forwards. */
describe("the fault proxy", () => {
  let echo: net.Server;
  let proxy: FaultProxy;

  beforeAll(async () => {
    echo = net.createServer((socket) => socket.on("error", () => undefined).pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", () => resolve()));
    proxy = await startFaultProxy({ host: "127.0.0.1", port: (echo.address() as net.AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  const open = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(proxy.port, "127.0.0.1", () => resolve(socket));
      socket.once("error", reject);
    });
  /** The next data the socket reads, or "closed", or "nothing" within `ms`. */
  const next = (socket: net.Socket, ms = 300) =>
    new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve("nothing"), ms);
      socket.once("data", (data) => (clearTimeout(timer), resolve(data.toString())));
      socket.once("close", () => (clearTimeout(timer), resolve("closed")));
      socket.once("error", () => undefined);
    });

  it("forwards, resets, stalls, drops and resumes", async () => {
    const a = await open();
    a.write("one");
    expect(await next(a)).toBe("one");

    proxy.reset();
    expect(await next(a)).toBe("closed");
    expect(proxy.connections).toBe(0);

    const b = await open();
    b.write("two");
    expect(await next(b)).toBe("two");
    proxy.stall();
    b.write("held");
    expect(await next(b)).toBe("nothing");
    // A connection made during the stall is accepted by the kernel but answers nothing either.
    const c = await open();
    c.write("three");
    expect(await next(c)).toBe("nothing");
    const [bAfter, cAfter] = [next(b, 1_000), next(c, 1_000)];
    proxy.resume();
    expect(await bAfter).toBe("held");
    expect(await cAfter).toBe("three");

    proxy.drop();
    const d = await open().catch(() => undefined);
    if (d) expect(await next(d)).toBe("closed");
    // Connections open before the drop keep working.
    c.write("four");
    expect(await next(c)).toBe("four");
    proxy.resume();
    const e = await open();
    e.write("five");
    expect(await next(e)).toBe("five");
    for (const socket of [b, c, e]) socket.destroy();
  });
});
