/**
 * `npm run icons`: draws the app's PNG icons from src/web/public/favicon.svg with sharp, into
 * src/web/public/icons/ (committed; run again when the logo changes):
 * - icon-{size}.png at ICON_SIZES, rounded corners as the logo has them (the web app manifest's "any");
 * - maskable-{192,512}.png on a square background (the platform cuts its own shape; the ball stays inside
 *   the 80 % safe zone: its radius is 21/64 of the side);
 * - apple-touch-icon.png (180 px, square: iOS rounds the corners itself) in src/web/public/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ICON_SIZES, MASKABLE_SIZES } from '../web/config/pwa';

const publicDir = fileURLToPath(new URL('../web/public/', import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const square = svg.replace(/<rect width="64" height="64" rx="14"/, '<rect width="64" height="64"');
if (square === svg) throw new Error('favicon.svg has no rounded background rect to square off');

/** Renders `source` to a `size`-pixel PNG file. */
async function render(source: string, size: number, file: string) {
  await sharp(Buffer.from(source), { density: Math.ceil((72 * size) / 64) }).resize(size, size).png({ compressionLevel: 9 }).toFile(file);
}

mkdirSync(`${publicDir}icons`, { recursive: true });
for (const size of ICON_SIZES) await render(svg, size, `${publicDir}icons/icon-${size}.png`);
for (const size of MASKABLE_SIZES) await render(square, size, `${publicDir}icons/maskable-${size}.png`);
await render(square, 180, `${publicDir}apple-touch-icon.png`);
console.log(`icons written to ${publicDir}icons/`);
