import { describe, expect, it } from "vitest";
import { wifiDetails, wifiPayload, wifiQrSvg } from "./wifi.ts";

describe("Wi-Fi details", () => {
  it("reads network and password from the template's lines, in the several ways hosts write them", () => {
    expect(wifiDetails("<p>Network: <strong>SeaView</strong><br>Password: <strong>sun&amp;sea</strong></p>")).toEqual({
      network: "SeaView",
      password: "sun&sea",
    });
    expect(wifiDetails("<p>SSID: Loft-5G</p><p>password : hunter22</p>")).toEqual({
      network: "Loft-5G",
      password: "hunter22",
    });
    expect(wifiDetails("<ul><li>Network name: Cabin</li></ul>")).toEqual({ network: "Cabin", password: null });
  });

  it("gives nothing for the untouched template or prose without the lines", () => {
    expect(
      wifiDetails("<p>Network: <strong>[network name]</strong><br>Password: <strong>[password]</strong></p>"),
    ).toBeNull();
    expect(wifiDetails("<p>Ask the host for the code.</p>")).toBeNull();
    expect(wifiDetails("<p>Network: Cabin<br>Password: [password]</p>")).toEqual({ network: "Cabin", password: null });
  });

  it("writes the WIFI: join format with its special characters escaped", () => {
    expect(wifiPayload({ network: "My;Net", password: 'p"a:s,s\\' })).toBe(
      'WIFI:T:WPA;S:My\\;Net;P:p\\"a\\:s\\,s\\\\;;',
    );
    expect(wifiPayload({ network: "Open", password: null })).toBe("WIFI:T:nopass;S:Open;;");
    const svg = wifiQrSvg({ network: "SeaView", password: "sunshine" });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('aria-hidden="true"');
  });
});
