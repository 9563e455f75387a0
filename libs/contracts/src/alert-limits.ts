/**
 * A target is in its alert's currency: §9's 1,000,000 price cap is a USD-sized number, and a yen
 * or won listing's real prices pass it, so targets get ten times the room in any currency.
 * (A module without zod: the web's alert form takes this constant without the schemas.)
 */
export const MAX_ALERT_TARGET = 10_000_000;
