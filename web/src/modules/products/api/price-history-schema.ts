/** The history answer's contract schema, in its own module so that zod loads with the first request. */
export { PriceHistoryViewSchema } from '@pt/contracts';
