import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./private-address.ts";

describe("isPrivateAddress", () => {
  it("refuses loopback, private, link-local, unspecified, CGNAT and reserved IPv4", () => {
    for (const a of [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "100.64.0.1",
      "100.127.255.255",
      "224.0.0.1",
      "255.255.255.255",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
  });

  it("lets public IPv4 through, including neighbours of the private ranges", () => {
    for (const a of [
      "8.8.8.8",
      "1.1.1.1",
      "172.15.255.255",
      "172.32.0.1",
      "100.63.255.255",
      "100.128.0.1",
      "192.169.0.1",
      "203.0.113.10",
    ]) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it("refuses IPv6 loopback, unspecified, ULA, link-local and mapped private IPv4", () => {
    for (const a of [
      "::1",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "[::1]",
      "fe80::1%eth0",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::192.168.0.1",
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ["2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("counts anything that is not an address as private", () => {
    expect(isPrivateAddress("localhost")).toBe(true);
    expect(isPrivateAddress("")).toBe(true);
  });
});
