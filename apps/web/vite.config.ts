import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './vite-lingui-macro.ts';
import { domainSchemaModules } from './vite-schema-modules.ts';

// Lingui's plugin and macro find their configuration here whatever the working directory (the root's
// vitest runs from the repository root).
process.env.LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

const API_ORIGIN = 'http://localhost:3000';
/**
 * zod and the domain's modules that build schemas: the 'schemas' chunk, loaded with the pages and forms
 * that use them. A dashboard page's first load builds none (src/first-load.test.ts): ~40 kB of brotli
 * and zod's evaluation less before the employees list (bench/lighthouse.mjs).
 */
const SCHEMA_MODULES = domainSchemaModules(
  fileURLToPath(new URL('../../packages/domain/src', import.meta.url)),
);
const isSchemaCode = (id: string) =>
  /node_modules[\\/]zod[\\/]/.test(id) || SCHEMA_MODULES.has(path.resolve(id));
/** Every area's words (each feature's `area.ts` builds on its domain declaration): with the screens that use them. */
const AREA_REGISTRY = /apps[\\/]web[\\/]src[\\/]areas\.ts$/;

/**
 * What the 'shared' chunk may hold: the dashboard's own frame (ui, lib, app, config, the areas'
 * words) and the libraries. A feature's code shared by two of its pages stays out of it (its pages'
 * common chunk), so a page loads only what the frame and its own feature need (bench/lighthouse.mjs).
 */
const SHARED_CODE =
  /node_modules|apps[\\/]web[\\/]src[\\/](ui|lib|app|config|areas|locales)[\\/.]|packages[\\/]domain/;
/**
 * The CSV import screens' machinery (the import page and its preview, reading, parsing and uploading
 * the file, checking its rows, the preview's virtual rows): the import pages share it, and no other
 * page needs it, so it is their chunk, not part of the 'shared' one every dashboard page loads
 * (bench/lighthouse.mjs).
 */
const IMPORT_SCREENS_CODE =
  /apps[\\/]web[\\/]src[\\/](ui[\\/]csv-import[\\/](import-page|import-preview|use-import-flow|file-drop-zone)|lib[\\/]csv-import[\\/](upload|read-file|parse\.worker))\.|packages[\\/]domain[\\/]src[\\/]csv-import[\\/](validate|decode)\.|node_modules[\\/](papaparse|@tanstack[\\/](react-virtual|virtual-core))[\\/]/;
/**
 * A page's prefetch module (`features/<area>/api/prefetch-<page>.ts`): with what it imports, the build's
 * 'list-prefetch' chunk. What it imports must build no schema (src/first-load.test.ts), or this chunk
 * would carry zod to every dashboard page.
 */
const LIST_PREFETCH = /apps[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]api[\\/]prefetch-[^\\/]+\.ts$/;
/** Libraries only some pages use (forms, analytics): in those pages' chunks, loaded with them. */
const PAGE_LIBRARIES = /node_modules[\\/](react-hook-form|@hookform|@amplitude|@segment)[\\/]/;
/** Paths the dev server forwards to the API process (one origin in production). */
const PROXIED_PATHS = ['/api', '/bundle-api', '/experiment', '/segment', '/segment-cdn', '/healthz'];

/**
 * Writes `x.js.br` and `x.js.gz` next to every built script and stylesheet of 1 KiB or more, so the
 * server can send them compressed without compressing on each request (@fastify/static's
 * `preCompressed`, which falls back to the plain file).
 */
function precompressAssets(): Plugin {
  const gzip = promisify(zlib.gzip);
  const brotli = promisify(zlib.brotliCompress);
  return {
    name: 'equip:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle)
        .filter((fileName) => /\.(js|css)$/.test(fileName))
        .map((fileName) => path.join(options.dir ?? 'dist', fileName));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 };
          await writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
          await writeFile(`${file}.br`, await brotli(content, { params }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    linguiMacro(),
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    precompressAssets(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists each route chunk's imports; scripts/route-size.mjs reads it.
    manifest: true,
    // Hidden: the bundles do not point at them and the server never serves them (docs/security.md).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Each module runs when a running module first imports it, not with its chunk: a page evaluates the
        // part of 'shared' it uses (the domain's schemas of other areas stay unbuilt). Opening the
        // employees page ran ~50 ms of modules in one task before, ~37 ms after (total blocking time;
        // bench/lighthouse.mjs), for ~13 kB more (the modules' wrappers).
        strictExecutionOrder: true,
        codeSplitting: {
          // The framework changes rarely: one long-cached chunk. Other pages and heavy libraries
          // (Amplitude, Segment) stay in their own lazily loaded chunks.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Everything the entry loads (the sign-in page with it) in one chunk: one request and one
            // compression stream instead of a dozen small ones (issue 9).
            { name: 'app', tags: ['$initial'] },
            // What the sign-in page fetches after its first paint (the second-factor form, with what it
            // needs beyond the entry): its own small chunk, or it would fetch the whole 'shared' one.
            { name: 'mfa-form', test: /features[\\/]auth[\\/]components[\\/]mfa-form/ },
            // A list page's prefetch (DashboardPage.prefetch) with what it needs: React Query, the list's
            // definition and query. Apart from 'shared', so the prefetch asks for the first rows as soon
            // as the signed-in user is there, not once 'shared' and the page have come: the list's
            // answer was the last request before the employees list's first paint (bench/lighthouse.mjs).
            { name: 'list-prefetch', test: LIST_PREFETCH },
            // What two or more pages share (the dashboard's layout, the list machinery, icons, React
            // Query, Radix): one chunk instead of sixty small ones. Opening a dashboard page took ~90
            // requests, queued six at a time over HTTP/1.1 (bench/lighthouse.mjs). Analytics SDKs stay
            // apart: they load after the first paint, only when used.
            {
              name: 'shared',
              minShareCount: 2,
              test: (id) =>
                SHARED_CODE.test(id) &&
                !PAGE_LIBRARIES.test(id) &&
                !IMPORT_SCREENS_CODE.test(id) &&
                !isSchemaCode(id) &&
                // Taken here, it would take the schemas its areas' words import (this group comes first).
                !AREA_REGISTRY.test(id),
            },
            { name: 'schemas', minShareCount: 2, test: isSchemaCode },
            // After 'shared': a group takes the modules its own modules import, unless a group before it took them.
            { name: 'csv-import', minShareCount: 2, test: IMPORT_SCREENS_CODE },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      PROXIED_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }]),
    ),
  },
  test: {
    name: 'web',
    // As the other projects (the root vitest.config.ts): one retry on CI, EQUIP_TEST_RETRIES=0 for none.
    retry: Number(process.env.EQUIP_TEST_RETRIES ?? (process.env.CI ? 1 : 0)),
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screens typed into with user-event take a second or two when the 2 cores run every test file, and a
    // first lazy page up to the 15 s findBy wait (src/test/setup.ts).
    testTimeout: 30_000,
    css: false,
  },
});
