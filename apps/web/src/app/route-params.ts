import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';

/**
 * A route's `params` option built from a contract schema, so a screen reads typed params
 * (`Route.useParams()`) and never parses the URL itself. A param the schema refuses ('abc' for an
 * id) throws `notFound()`: the route's `notFoundComponent` (the screen's own "not found" text) or
 * the app's not-found screen shows, never a crash (decision 0465).
 */
export function paramsOf<S extends z.ZodType<object>>(schema: S) {
  return {
    parse: (raw: Record<string, string>): z.output<S> => {
      const result = schema.safeParse(raw);
      if (!result.success) throw notFound();
      return result.data;
    },
    stringify: (params: z.output<S>) =>
      Object.fromEntries(
        Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      ) as { [K in keyof z.output<S>]: string },
  };
}

