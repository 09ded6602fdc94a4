/** The guide languages (SETUP-16, IMPL-11): code and English name, about 100 of them. */
export const LANGUAGES = [
  ["af", "Afrikaans"], ["sq", "Albanian"], ["am", "Amharic"], ["ar", "Arabic"], ["hy", "Armenian"],
  ["az", "Azerbaijani"], ["eu", "Basque"], ["be", "Belarusian"], ["bn", "Bengali"], ["bs", "Bosnian"],
  ["bg", "Bulgarian"], ["ca", "Catalan"], ["ceb", "Cebuano"], ["zh-CN", "Chinese (Simplified)"], ["zh-TW", "Chinese (Traditional)"],
  ["co", "Corsican"], ["hr", "Croatian"], ["cs", "Czech"], ["da", "Danish"], ["nl", "Dutch"],
  ["en", "English"], ["eo", "Esperanto"], ["et", "Estonian"], ["fi", "Finnish"], ["fr", "French"],
  ["fy", "Frisian"], ["gl", "Galician"], ["ka", "Georgian"], ["de", "German"], ["el", "Greek"],
  ["gu", "Gujarati"], ["ht", "Haitian Creole"], ["ha", "Hausa"], ["haw", "Hawaiian"], ["he", "Hebrew"],
  ["hi", "Hindi"], ["hmn", "Hmong"], ["hu", "Hungarian"], ["is", "Icelandic"], ["ig", "Igbo"],
  ["id", "Indonesian"], ["ga", "Irish"], ["it", "Italian"], ["ja", "Japanese"], ["jv", "Javanese"],
  ["kn", "Kannada"], ["kk", "Kazakh"], ["km", "Khmer"], ["rw", "Kinyarwanda"], ["ko", "Korean"],
  ["ku", "Kurdish"], ["ky", "Kyrgyz"], ["lo", "Lao"], ["la", "Latin"], ["lv", "Latvian"],
  ["lt", "Lithuanian"], ["lb", "Luxembourgish"], ["mk", "Macedonian"], ["mg", "Malagasy"], ["ms", "Malay"],
  ["ml", "Malayalam"], ["mt", "Maltese"], ["mi", "Maori"], ["mr", "Marathi"], ["mn", "Mongolian"],
  ["my", "Myanmar (Burmese)"], ["ne", "Nepali"], ["no", "Norwegian"], ["ny", "Nyanja (Chichewa)"], ["or", "Odia (Oriya)"],
  ["ps", "Pashto"], ["fa", "Persian"], ["pl", "Polish"], ["pt", "Portuguese"], ["pa", "Punjabi"],
  ["ro", "Romanian"], ["ru", "Russian"], ["sm", "Samoan"], ["gd", "Scots Gaelic"], ["sr", "Serbian"],
  ["st", "Sesotho"], ["sn", "Shona"], ["sd", "Sindhi"], ["si", "Sinhala"], ["sk", "Slovak"],
  ["sl", "Slovenian"], ["so", "Somali"], ["es", "Spanish"], ["su", "Sundanese"], ["sw", "Swahili"],
  ["sv", "Swedish"], ["tl", "Tagalog (Filipino)"], ["tg", "Tajik"], ["ta", "Tamil"], ["tt", "Tatar"],
  ["te", "Telugu"], ["th", "Thai"], ["tr", "Turkish"], ["tk", "Turkmen"], ["uk", "Ukrainian"],
  ["ur", "Urdu"], ["ug", "Uyghur"], ["uz", "Uzbek"], ["vi", "Vietnamese"], ["cy", "Welsh"],
  ["xh", "Xhosa"], ["yi", "Yiddish"], ["yo", "Yoruba"], ["zu", "Zulu"],
] as const satisfies readonly (readonly [string, string])[];

export type LanguageCode = (typeof LANGUAGES)[number][0];
export const LANGUAGE_CODES = LANGUAGES.map(([code]) => code) as LanguageCode[];
const NAMES = new Map<string, string>(LANGUAGES);

/** The English name of a language code, or the code itself when unknown. */
export function languageName(code: string): string {
  return NAMES.get(code) ?? code;
}

/** True for a code in the list. */
export function isLanguageCode(code: string): code is LanguageCode {
  return NAMES.has(code);
}

/** Languages offered as translations: every language but English (SETUP-17). */
export const TRANSLATION_LANGUAGES = LANGUAGES.filter(([code]) => code !== "en");
