import { notFound } from '@tanstack/react-router';

/** A path param parser of the contract (`positiveIdParam`, `ministerialCodeParam`…): the value, or undefined. */
type ParamParser = (value: string) => unknown;

/** What a route's own notFoundComponent learns about the refused URL: which param was not one. */
export interface BadParam {
  param: string;
}

/** The param a not-found came from, when it came from {@link pathParams} (for a screen's own wording). */
export function badParamOf(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && typeof (data as BadParam).param === 'string' ? (data as BadParam).param : undefined;
}

type Parsed<P extends Record<string, ParamParser>> = { [K in keyof P]: Exclude<ReturnType<P[K]>, undefined> };

/**
 * A route's `params` option from the contract's zod-free parsers, one per path param: the screen
 * and the loader get the parsed values (`{ id: 12 }`), and a URL whose param is not one
 * (`/app/orders/abc`) shows the app's Italian not-found screen (the router's notFoundMode is
 * 'root'), or the route's own notFoundComponent where the spec words it (`badParamOf`), never a
 * screen fed a half-parsed value. Links pass the parsed values (`params={{ id: order.id }}`);
 * `stringify` writes them back.
 */
export function pathParams<P extends Record<string, ParamParser>>(parsers: P) {
  return {
    parse: (raw: Record<keyof P & string, string>): Parsed<P> => {
      const parsed = {} as Record<string, unknown>;
      for (const [name, parse] of Object.entries(parsers)) {
        const value = parse(raw[name as keyof P & string]);
        if (value === undefined) throw notFound({ data: { param: name } satisfies BadParam });
        parsed[name] = value;
      }
      return parsed as Parsed<P>;
    },
    stringify: (params: Parsed<P>): Record<keyof P & string, string> => {
      const out = {} as Record<string, string>;
      for (const name of Object.keys(parsers)) out[name] = String(params[name as keyof P]);
      return out as Record<keyof P & string, string>;
    },
  };
}
