// Draws the app's PNG icons (public/icons) from public/favicon.svg with Debian's Chromium. Run by hand when the
// logo changes; the PNGs are committed, so builds need no image tools. Usage: node apps/web/scripts/draw-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const icons = new URL('../public/icons/', import.meta.url).pathname;
const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
// A maskable icon is cropped to a circle or squircle by the launcher: full-bleed colour, the mark inside the
// central 60% (the safe zone is a circle of 80%).
const maskable = readFileSync(`${icons}maskable.svg`, 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  for (const [name, svg] of [
    ['icon', logo],
    ['maskable', maskable],
  ]) {
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block">`,
    );
    await page.screenshot({ path: `${icons}${name}-${size}.png`, omitBackground: true });
  }
  await page.close();
}
await browser.close();
