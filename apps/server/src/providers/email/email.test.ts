import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createSmtpEmailProvider } from "./smtp.ts";
import { passwordResetEmail } from "./templates.ts";

describe("SMTP email provider (against a local SMTP server)", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the message with its subject, text and HTML", async () => {
    const provider = createSmtpEmailProvider({
      url: `smtp://127.0.0.1:${port}`,
      from: "Doorstep <hello@doorstep.test>",
    });
    await provider.send(
      passwordResetEmail(
        "host@example.com",
        "http://localhost:3000/reset-password?otp_token=abc&reset_email=host%40example.com",
        60,
      ),
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("hello@doorstep.test");
    expect(received[0]!.to).toEqual(["host@example.com"]);
    expect(received[0]!.raw).toContain("Subject: Reset your Doorstep password");
    expect(received[0]!.raw).toContain("text/html");
  });
});

describe("outbox email provider (the embedded default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores the email in the outbox", async () => {
    expect(t.ctx.email.kind).toBe("outbox");
    await t.ctx.email.send(
      passwordResetEmail("outbox@example.com", "http://localhost:3000/reset-password?otp_token=x", 60),
    );
    const res = await t.app.inject("/api/test/outbox?to=outbox@example.com");
    expect(res.json().emails[0]).toMatchObject({ to: "outbox@example.com", subject: "Reset your Doorstep password" });
    expect(res.json().emails[0].html).toContain("otp_token=x");
  });
});
