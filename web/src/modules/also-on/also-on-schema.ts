/** The also-on answer's contract schema, in its own module so that zod loads with the first request. */
export { AlsoOnResponseSchema } from '@pt/contracts';
