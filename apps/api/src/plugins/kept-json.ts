import { fastSerializerCompiler } from './fast-response.js';

/**
 * {@link fastSerializerCompiler} for an answer built around a kept read (decision 0600): a
 * customer's kept order list (0590), a day's kept free slots. The JSON is written once per kept
 * object and the same text answered while that object is kept — the serialiser was a tenth of a
 * kept order list's request. `keptPart` names the object of an answer the whole answer depends
 * on; kept objects are never changed (their modules' rule), and a fresh object (a read that was not
 * kept) is simply written, its text collected with it.
 */
export function keptJsonSerializerCompiler<A>(keptPart: (answer: A) => object) {
  return (route: { schema: unknown }): ((answer: unknown) => string) => {
    const write = fastSerializerCompiler(route);
    const written = new WeakMap<object, string>();
    return (answer) => {
      const kept = keptPart(answer as A);
      let json = written.get(kept);
      if (json === undefined) {
        json = write(answer);
        written.set(kept, json);
      }
      return json;
    };
  };
}
