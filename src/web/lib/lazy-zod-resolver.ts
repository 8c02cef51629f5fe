/**
 * A react-hook-form resolver that validates with a contract's zod schema (the same one the API checks:
 * STYLE habit 3), loaded with zod when the form is first checked — on the first submit — rather than
 * with the page: zod is the heaviest library a form brings, and most visits to a page never send it.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The resolver of the schema `load` resolves to (imported from src/contracts on first use). */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<z.ZodType<T, T>>): Resolver<T> {
  return async (values, context, options) => {
    const [schema, { zodResolver }] = await Promise.all([load(), import('@hookform/resolvers/zod')]);
    return (zodResolver(schema) as Resolver<T>)(values, context, options);
  };
}
