/** The product answer's contract schema, in its own module so that zod loads only where it is used. */
export { ProductResponseSchema } from '@pt/contracts';
