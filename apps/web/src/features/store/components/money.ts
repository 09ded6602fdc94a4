import { formatMinor } from "@doorstep/shared/rules/billing";

/** Minor units as the host reads them ("$30.00"). */
export const money = (minor: number, currency: string) => formatMinor(minor, currency);

/** "30" or "30.00" typed by the host → 3000 minor units; null when it is no amount. */
export function parseAmount(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** 3000 → "30.00", for a field's value. */
export const amountText = (minor: number | null | undefined) => (minor == null ? "" : (minor / 100).toFixed(2));
