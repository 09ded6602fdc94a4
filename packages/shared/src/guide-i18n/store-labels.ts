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
  | "yourOrders"
  | "alreadyRequested";
type Own = Partial<Record<OwnKey | "cardDeclined" | "confirmed", string>> & {
  requestSent?: (host: string, time: string) => string;
  statuses?: StoreLabels["statuses"] extends infer S ? { [K in keyof S]: string } : never;
};

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
  "zh-hk": "加購服務",
  "zh-hant": "加購服務",
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
  alreadyRequested: "Vous l'avez déjà demandé. Votre hôte va bientôt répondre à votre demande.",
  cardDeclined: "Votre carte a été refusée. Aucune commande n'a été passée. Essayez une autre carte.",
  requestSent: (host, time) => `Demande envoyée — ${host} répondra d'ici ${time}`,
  statuses: {
    pending: "En attente de votre hôte",
    confirmed: "Confirmée",
    declined: "Refusée",
    expired: "Sans réponse à temps — votre carte n'a pas été débitée",
    failed: "Paiement échoué",
    cancelled: "Annulée",
    "partially-refunded": "Remboursée en partie",
    refunded: "Remboursée",
  },
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
  alreadyRequested: "Sie haben das bereits angefragt. Ihr Gastgeber beantwortet Ihre Anfrage bald.",
  cardDeclined: "Ihre Karte wurde abgelehnt. Es wurde nichts bestellt. Versuchen Sie eine andere Karte.",
  requestSent: (host, time) => `Anfrage gesendet — ${host} antwortet bis ${time}`,
  statuses: {
    pending: "Wartet auf Ihren Gastgeber",
    confirmed: "Bestätigt",
    declined: "Abgelehnt",
    expired: "Nicht rechtzeitig beantwortet — Ihre Karte wurde nicht belastet",
    failed: "Zahlung fehlgeschlagen",
    cancelled: "Storniert",
    "partially-refunded": "Teilweise erstattet",
    refunded: "Erstattet",
  },
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
  alreadyRequested: "Ya lo has solicitado. Tu anfitrión responderá pronto a tu solicitud.",
  cardDeclined: "Tu tarjeta fue rechazada. No se hizo ningún pedido. Prueba con otra tarjeta.",
  requestSent: (host, time) => `Solicitud enviada — ${host} responderá antes de ${time}`,
  statuses: {
    pending: "Esperando a tu anfitrión",
    confirmed: "Confirmado",
    declined: "Rechazado",
    expired: "Sin respuesta a tiempo — no se cobró tu tarjeta",
    failed: "Pago fallido",
    cancelled: "Cancelado",
    "partially-refunded": "Reembolsado en parte",
    refunded: "Reembolsado",
  },
};
const OWN: Record<string, Own> = { fr: FR, de: DE, es: ES };

/** The store's labels for a guide language: its own where translated, English otherwise. */
export function storeLabels(language: string): StoreLabels {
  const lang = language.toLowerCase();
  const base = lang.split("-")[0] ?? lang;
  // The longest prefix the table has ("zh-Hant-HK" → zh-hant, "fr-CA" → fr), as the guide's catalogue does.
  const parts = lang.split("-");
  let tile: string = copy.guestStore.tile;
  for (let n = parts.length; n > 0; n--) {
    const found = TILE[parts.slice(0, n).join("-")];
    if (found) {
      tile = found;
      break;
    }
  }
  return { ...copy.guestStore, ...(OWN[base] ?? {}), tile, title: tile } as StoreLabels;
}
