import { z } from "zod";
import { text } from "./text.ts";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";

/** "Delete account" (IMPL-33): the owner's password and the word DELETE typed. */
export const DeleteAccountRequest = z.object({
  password: text()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
  confirm: text().max(20),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
