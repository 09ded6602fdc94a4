/**
 * Copy: phone numbers, a country chooser and the number, stored as +CC… (E.164). Part of the one catalogue in
 * ../copy.ts; kept out of shell.ts, which the dashboard's first view carries, as phone fields are on lazy pages.
 */
export const phoneCopy = {
  phone: {
    country: "Country",
    countryOption: (country: string, callingCode: string) => `${country} (+${callingCode})`,
    number: "Number",
    noDigits: "Enter the phone number in digits, for example 020 7946 0958.",
    invalidAny: "This is not a valid phone number. Check the number and its country code.",
    needsCountry: "Start the number with + and its country code, for example +44 20 7946 0958.",
    storedAsIs: "Saved as written before numbers were checked: edit it to choose its country.",
  },
} as const;
