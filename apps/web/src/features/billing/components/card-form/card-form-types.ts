import type { Ref } from "react";

/** What a card form hands back to the page once the card is saved with the provider. */
export interface SavedCard {
  id: string;
}

/** The page drives the form: save the card (BILL-22 "checking"), clear what must be typed again after an error. */
export interface CardFormHandle {
  createPaymentMethod(): Promise<SavedCard>;
  /**
   * After a failure (BILL-22/28/35): the local fields keep the number and expiry and clear only the CVC; Stripe's
   * one card element cannot clear a part of itself and is cleared whole, as Stripe's own flows do.
   */
  clearAfterFailure(): void;
}

export interface CardFormProps {
  ref?: Ref<CardFormHandle>;
  /** BILL-19: saving stays disabled until the card form is ready and complete. */
  onReadyChange: (ready: boolean) => void;
  disabled?: boolean;
  /** A card error to show under the fields (BILL-27…30). */
  error?: string;
}

/** The card provider refused the card in the browser; its message is shown as is (BILL-29). */
export class CardProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CardProviderError";
  }
}
