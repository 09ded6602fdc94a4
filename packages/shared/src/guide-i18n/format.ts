/** Whole minutes to wait, at least one (the passcode gate's rate limit). */
export const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** A rating with one decimal in the language's own notation ("4,5" in French). */
export const oneDecimal = (value: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
