import { describe, expect, it } from "vitest";
import { PhoneNumber, ClearablePhoneNumber } from "../schemas/phone.ts";
import { phoneCopy } from "../copy/phone.ts";
import { checkPhone, composePhone, formatPhone, phoneCountry, phoneHref, phoneNational } from "./phone.ts";

const c = phoneCopy.phone;

describe("phone numbers: checked, stored as E.164, read in international format", () => {
  it("reads a number in its chosen country, or by its + code, and refuses what is not one", () => {
    expect(checkPhone("020 7946 0958", "GB")).toEqual({ ok: true, e164: "+442079460958" });
    expect(checkPhone("+351 912 345 678")).toEqual({ ok: true, e164: "+351912345678" });
    expect(checkPhone("00 33 1 42 68 53 00")).toEqual({ ok: true, e164: "+33142685300" });
    expect(checkPhone("abc", "GB")).toEqual({ ok: false, problem: "no-digits" });
    expect(checkPhone("12abc34", "GB")).toEqual({ ok: false, problem: "no-digits" });
    expect(checkPhone("020 7946 0958")).toEqual({ ok: false, problem: "needs-country" });
    expect(checkPhone("12", "GB")).toEqual({ ok: false, problem: "invalid" });
  });

  it("composes what the country chooser sends, for the request schema to judge", () => {
    expect(composePhone("", "GB")).toBe("");
    expect(composePhone("020 7946 0958", "GB")).toBe("+442079460958");
    expect(composePhone("abc", "GB")).toBe("abc");
    expect(composePhone("12", "PT")).toBe("+351 12");
    expect(PhoneNumber.safeParse(composePhone("12", "PT")).error?.issues[0]?.message).toBe(c.invalidAny);
    expect(PhoneNumber.safeParse("abc").error?.issues[0]?.message).toBe(c.noDigits);
    expect(PhoneNumber.parse(" +44 20 7946 0958 ")).toBe("+442079460958");
    expect(ClearablePhoneNumber.parse(" ")).toBeNull();
    expect(ClearablePhoneNumber.parse(null)).toBeNull();
  });

  it("shows a stored E.164 number for reading and dialling; an older one that does not parse, as stored", () => {
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(phoneHref("+442079460958")).toBe("tel:+442079460958");
    expect(phoneCountry("+442079460958")).toBe("GB");
    expect(phoneNational("+442079460958")).toBe("020 7946 0958");
    // Saved before numbers were checked: nothing is rewritten, and a number without digits gets no Call link.
    expect(formatPhone("01273 123456 (evenings)")).toBe("01273 123456 (evenings)");
    expect(phoneHref("01273 123456")).toBe("tel:01273123456");
    expect(formatPhone("abc")).toBe("abc");
    expect(phoneHref("abc")).toBeNull();
    expect(phoneNational("abc")).toBe("abc");
    expect(phoneCountry("abc")).toBeUndefined();
  });
});
