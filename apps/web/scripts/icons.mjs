#!/usr/bin/env node
// The installable app's PNG icons (decision 0040), drawn from public/favicon.svg by the machine's Chromium (the one
// the browser tests use), so no image library is needed. Run again after changing the favicon:
//   node apps/web/scripts/icons.mjs
// The PNGs are committed; the build only copies them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const fill = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
const glyph = /<path[^>]*\/>/.exec(favicon)?.[0];
if (fill === undefined || glyph === undefined) throw new Error('favicon.svg: no <rect fill> or <path> found');

/**
 * A square without rounded corners, the glyph shrunk into the middle 80% (the safe zone a launcher's mask
 * keeps): maskable icons and Apple's touch icon (iOS rounds the corners itself and fills transparency black).
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(32 32) scale(0.75) translate(-32 -32)">${glyph}</g></svg>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/maskable-192.png', size: 192, svg: fullBleed },
  { file: 'icons/maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
