import path from 'node:path';
import type { Plugin } from 'vite';

const BOOT_ENTRY = 'src/client/boot.ts';

/**
 * docs/performance.md#the-apps-script-after-the-first-paint: the built index.html names the app's entry in a
 * meta tag and loads the boot script instead, which imports the entry after the first paint. Low priority: a
 * script fetched at a higher one counts as holding up the first paint for Lighthouse, tiny as it is. The dev
 * server keeps Vite's own script (it renders in the browser).
 */
export function loadAfterPaint(): Plugin {
  return {
    name: 'load-after-paint',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // The boot script is an entry of its own beside index.html (the dev servers keep theirs).
    config: (config) => {
      const root = path.resolve(config.root ?? '.');
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(root, 'index.html'), boot: path.join(root, BOOT_ENTRY) },
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const boot = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(BOOT_ENTRY),
        );
        if (!entry.test(html) || !boot) {
          throw new Error('load-after-paint: index.html needs its module script and the boot entry');
        }
        return html.replace(
          entry,
          `<meta name="app-entry" content="$1">\n    <script type="module" src="/${boot.fileName}" fetchpriority="low"></script>`,
        );
      },
    },
  };
}
