import type { Plugin } from 'vite';

type GenerateBundle = (this: { error: (message: string) => never }, options: unknown, bundle: object) => void;

/**
 * Runs a build plugin's `generateBundle` over a made-up bundle, as Vite would at the end of a
 * build; the plugin's `this.error` throws, as it fails the build.
 */
export function generateBundle(plugin: Plugin, bundle: object): void {
  const hook = plugin.generateBundle as unknown as GenerateBundle;
  hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
}
