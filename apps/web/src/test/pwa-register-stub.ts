/** Tests run without vite-plugin-pwa: its virtual module registers nothing here. */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => undefined;
}
