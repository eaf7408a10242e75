import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Compiles Lingui's macros (`<Trans>`, `t`, `msg`, `plural`) into runtime calls with message ids.
 * @vitejs/plugin-react 6 no longer runs Babel, and Lingui's SWC plugin needs the SWC React plugin, so
 * the macro runs here, before the React transform, on the files that import it (Babel only parses
 * TypeScript and JSX here; it leaves both in place).
 */
export function linguiMacro(): Plugin {
  return {
    name: 'equip:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      if (
        id.includes('/node_modules/') ||
        !/\.[jt]sx?$/.test(id.split('?')[0]!) ||
        !MACRO_IMPORT.test(code)
      ) {
        return null;
      }
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
