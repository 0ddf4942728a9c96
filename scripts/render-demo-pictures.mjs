// Renders the demo data's SVG pictures (subjects, news, video thumbnails) as WebP next to them, at twice their
// size for sharp phone screens. The seed links the WebP files: an SVG <img> costs Chromium a document of its own
// built on the main thread (10-30 ms each on this machine, four times that on a phone), a WebP is decoded off it.
// Run after changing a demo SVG: node scripts/render-demo-pictures.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const media = 'apps/server/media';
const folders = ['subjects', 'news', 'videos/thumbnails'];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const folder of folders) {
  for (const name of readdirSync(join(media, folder)).filter((file) => file.endsWith('.svg'))) {
    const svg = readFileSync(join(media, folder, name), 'utf8');
    const dataUrl = await page.evaluate(async (source) => {
      const image = new globalThis.Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
      await image.decode();
      const canvas = globalThis.document.createElement('canvas');
      canvas.width = image.naturalWidth * 2;
      canvas.height = image.naturalHeight * 2;
      canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.82);
    }, svg);
    const target = join(media, folder, name.replace(/\.svg$/, '.webp'));
    writeFileSync(target, Buffer.from(dataUrl.split(',')[1], 'base64'));
    console.log(`${target}  ${(readFileSync(target).length / 1024).toFixed(1)} KB`);
  }
}
await browser.close();
