/** The three-word address service (SETUP-14/15), reached only from the server with its key. */
export interface What3wordsProvider {
  /** False without a key: every call then answers null. */
  readonly configured: boolean;
  /** Words → coordinates, or null when the words are unknown. */
  toCoordinates(
    words: string,
  ): Promise<{ words: string; nearestPlace: string | null; country: string | null; lat: number; lng: number } | null>;
  /** Coordinates → words and the service's nearest place (OPEN-60's source for a manual address), or null. */
  toWords(lat: number, lng: number): Promise<{ words: string; nearestPlace: string | null } | null>;
}
