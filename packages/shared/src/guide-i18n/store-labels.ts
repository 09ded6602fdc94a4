import { copy } from "../copy.ts";

/** The guest store's labels on a stay link (decision 053), in English from the catalogue. */
export type StoreLabels = typeof copy.guestStore;

type OwnKey =
  | "intro"
  | "none"
  | "back"
  | "time"
  | "quantity"
  | "total"
  | "cardNumber"
  | "expiry"
  | "cvc"
  | "confirm"
  | "confirmRequest"
  | "yourOrders";
type Own = Partial<Record<OwnKey, string>>;

// The tile's title in each guide language; the store's other labels are English until translated.
const TILE: Record<string, string> = {
  ar: "إضافات",
  cs: "Doplňky",
  da: "Ekstra",
  de: "Extras",
  el: "Επιπλέον",
  es: "Extras",
  fi: "Lisäpalvelut",
  fr: "Extras",
  it: "Extra",
  ja: "追加サービス",
  ko: "추가 서비스",
  nb: "Ekstra",
  no: "Ekstra",
  nl: "Extra's",
  pl: "Dodatki",
  pt: "Extras",
  ru: "Дополнительно",
  sv: "Tillägg",
  tr: "Ekstralar",
  uk: "Додатково",
  zh: "附加服务",
  "zh-tw": "加購服務",
};

const FR: Own = {
  intro: "Ajoutez un service à votre séjour. Votre carte n'est débitée qu'une fois la demande acceptée.",
  none: "Rien n'est proposé pour votre séjour pour le moment.",
  back: "Retour au guide",
  time: "Heure",
  quantity: "Quantité",
  total: "Total",
  cardNumber: "Numéro de carte",
  expiry: "Expiration (MM/AA)",
  cvc: "Code de sécurité",
  confirm: "Confirmer et payer",
  confirmRequest: "Envoyer la demande",
  yourOrders: "Vos commandes",
};
const DE: Own = {
  intro: "Ergänzen Sie Ihren Aufenthalt. Ihre Karte wird erst belastet, wenn die Anfrage angenommen ist.",
  none: "Für Ihren Aufenthalt gibt es gerade keine Angebote.",
  back: "Zurück zum Guide",
  time: "Uhrzeit",
  quantity: "Menge",
  total: "Summe",
  cardNumber: "Kartennummer",
  expiry: "Ablaufdatum (MM/JJ)",
  cvc: "Prüfnummer",
  confirm: "Bestätigen und bezahlen",
  confirmRequest: "Anfrage senden",
  yourOrders: "Ihre Bestellungen",
};
const ES: Own = {
  intro: "Añade algo a tu estancia. Solo se cobra a tu tarjeta cuando se acepta la solicitud.",
  none: "Ahora mismo no hay ofertas para tu estancia.",
  back: "Volver a la guía",
  time: "Hora",
  quantity: "Cantidad",
  total: "Total",
  cardNumber: "Número de tarjeta",
  expiry: "Caducidad (MM/AA)",
  cvc: "Código de seguridad",
  confirm: "Confirmar y pagar",
  confirmRequest: "Enviar solicitud",
  yourOrders: "Tus pedidos",
};
const OWN: Record<string, Own> = { fr: FR, de: DE, es: ES };

/** The store's labels for a guide language: its own where translated, English otherwise. */
export function storeLabels(language: string): StoreLabels {
  const lang = language.toLowerCase();
  const base = lang.split("-")[0] ?? lang;
  const tile = TILE[lang] ?? TILE[base] ?? copy.guestStore.tile;
  return { ...copy.guestStore, ...(OWN[base] ?? {}), tile, title: tile } as StoreLabels;
}
