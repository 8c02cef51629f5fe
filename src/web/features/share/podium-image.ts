/**
 * The podium as a picture to share: a 1200×630 PNG (the size chat apps and social sites show a link's
 * card at, Open Graph's 1.91:1) drawn on a canvas in the browser. The group's colour fills it; white text
 * on it passes WCAG AA (src/domain/group-colors.ts); the steps stand 2nd, 1st, 3rd from left to right
 * as on a real podium, each with its medal, names and points; the group's name and league above, the
 * app's name small in a corner.
 *
 * `podiumImageLayout` decides everything (positions, fonts, texts cut to fit) as a list of drawing
 * operations, with the text measure passed in, so that it is tested without a canvas; `drawPodiumImage`
 * only paints them.
 */

/** The picture's size in pixels. */
export const PODIUM_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** One step of the podium: its rank (1–3), the members on it (ties share a step) and their points as shown. */
export interface PodiumImageStep {
  rank: number;
  names: string[];
  points: string;
}

/** What the picture shows; the texts already translated. */
export interface PodiumImageInput {
  groupName: string;
  /** The league as shown ("Premier League 2025/26"). */
  league: string;
  /** The group colour as #rrggbb. */
  color: string;
  /** The heading ("Final podium"). */
  title: string;
  steps: PodiumImageStep[];
}

/** A drawing operation: a filled (rounded) rectangle, a filled circle or a line of text. */
export type PodiumDrawOp =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number; fill: string }
  | { kind: 'circle'; x: number; y: number; radius: number; fill: string; stroke?: string }
  | { kind: 'text'; text: string; x: number; y: number; font: string; fill: string; align: 'left' | 'center' | 'right' };

/** The width of `text` in pixels when drawn with the CSS `font` (a canvas's measureText). */
export type MeasureText = (text: string, font: string) => number;

const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const font = (weight: number, size: number) => `${weight} ${size}px ${FAMILY}`;
const WHITE = '#ffffff';
const INK = '#0f172a';
/** A darker veil on the steps: white on the group colour darkened only gains contrast. */
const STEP_FILL = 'rgba(15, 23, 42, 0.28)';
/** The medals' colours, as the app's Medal component paints them. */
const MEDAL: Record<number, string> = { 1: '#eab308', 2: '#cbd5e1', 3: '#d97706' };

const MARGIN = 80;
const COLUMN = { width: 300, gap: 30 } as const;
const STEP_HEIGHT: Record<number, number> = { 1: 220, 2: 165, 3: 120 };
/** The distance between two names' lines on a step (tied members). */
const NAME_LINE = 42;
/** The order of the steps from left to right. */
export const PODIUM_ORDER = [2, 1, 3] as const;

/** The fonts of each text (exported for the tests' measure). */
export const PODIUM_FONTS = {
  title: font(600, 28),
  brand: font(800, 28),
  group: font(800, 60),
  league: font(500, 32),
  name: font(700, 36),
  points: font(500, 28),
  rank: font(800, 44),
} as const;

/**
 * `text` cut to `maxWidth` with an ellipsis ("Maximiliano Fernand…"), whole characters (code points) at
 * a time; the text as it is when it fits.
 */
export function fitText(text: string, maxWidth: number, fontSpec: string, measure: MeasureText): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (measure(clean, fontSpec) <= maxWidth) return clean;
  const chars = Array.from(clean);
  // The longest prefix that fits with the ellipsis (binary search: measure is a canvas call).
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`, fontSpec) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

/**
 * The names on one step, a line each: one, or two tied members; past two, the second line counts the rest
 * ("bruno +2"). `suffix` is kept whole when the name is cut to fit.
 */
export function stepLines(names: string[]): { name: string; suffix: string }[] {
  const shown = names.slice(0, 2);
  const more = names.length - shown.length;
  return shown.map((name, i) => ({ name, suffix: i === shown.length - 1 && more > 0 ? ` +${more}` : '' }));
}

/** The left edge of the column of `rank` (2nd, 1st, 3rd from the left, centred in the picture). */
export function columnX(rank: number): number {
  const total = PODIUM_ORDER.length * COLUMN.width + (PODIUM_ORDER.length - 1) * COLUMN.gap;
  const start = (PODIUM_IMAGE_SIZE.width - total) / 2;
  return start + PODIUM_ORDER.indexOf(rank as 1 | 2 | 3) * (COLUMN.width + COLUMN.gap);
}

/** Every drawing operation of the picture, in painting order. */
export function podiumImageLayout(input: PodiumImageInput, measure: MeasureText): PodiumDrawOp[] {
  const { width, height } = PODIUM_IMAGE_SIZE;
  const ops: PodiumDrawOp[] = [{ kind: 'rect', x: 0, y: 0, width, height, radius: 0, fill: input.color }];
  const text = (value: string, x: number, y: number, fontSpec: string, align: 'left' | 'center' | 'right', maxWidth: number, fill = WHITE) => {
    const fitted = fitText(value, maxWidth, fontSpec, measure);
    if (fitted) ops.push({ kind: 'text', text: fitted, x, y, font: fontSpec, fill, align });
  };

  // The heading and the app's name on one line, the group's name and league below.
  const brandWidth = measure('Palpite', PODIUM_FONTS.brand);
  text(input.title.toUpperCase(), MARGIN, 84, PODIUM_FONTS.title, 'left', width - 2 * MARGIN - brandWidth - 40);
  ops.push({ kind: 'text', text: 'Palpite', x: width - MARGIN, y: 84, font: PODIUM_FONTS.brand, fill: WHITE, align: 'right' });
  text(input.groupName, MARGIN, 158, PODIUM_FONTS.group, 'left', width - 2 * MARGIN);
  text(input.league, MARGIN, 206, PODIUM_FONTS.league, 'left', width - 2 * MARGIN);

  for (const rank of PODIUM_ORDER) {
    const x = columnX(rank);
    const centre = x + COLUMN.width / 2;
    const top = height - STEP_HEIGHT[rank]!;
    ops.push({ kind: 'rect', x, y: top, width: COLUMN.width, height: STEP_HEIGHT[rank]! + 16, radius: 18, fill: STEP_FILL });
    const step = input.steps.find((s) => s.rank === rank && s.names.length > 0);
    if (!step) continue;
    // The medal on the step, the names and points just above it.
    ops.push({ kind: 'circle', x: centre, y: top + 62, radius: 38, fill: MEDAL[rank]!, stroke: 'rgba(15, 23, 42, 0.35)' });
    ops.push({ kind: 'text', text: String(rank), x: centre, y: top + 78, font: PODIUM_FONTS.rank, fill: INK, align: 'center' });
    const lines = stepLines(step.names);
    lines.forEach(({ name, suffix }, i) => {
      const fitted = fitText(name, COLUMN.width - 12 - (suffix ? measure(suffix, PODIUM_FONTS.name) : 0), PODIUM_FONTS.name, measure);
      const y = top - 62 - (lines.length - 1 - i) * NAME_LINE;
      ops.push({ kind: 'text', text: `${fitted}${suffix}`, x: centre, y, font: PODIUM_FONTS.name, fill: WHITE, align: 'center' });
    });
    text(step.points, centre, top - 22, PODIUM_FONTS.points, 'center', COLUMN.width - 12);
  }
  return ops;
}

/** The file name of the picture: "<group-name>-podium.png" in plain letters ("Bolão do Zé" → "bolao-do-ze-podium.png"). */
export function podiumFileName(groupName: string): string {
  const slug = groupName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return `${slug || 'palpite'}-podium.png`;
}

/** Paints `ops` on `context` (a 1200×630 canvas's). */
export function drawPodiumImage(context: CanvasRenderingContext2D, ops: PodiumDrawOp[]): void {
  context.textBaseline = 'alphabetic';
  for (const op of ops) {
    if (op.kind === 'rect') {
      context.fillStyle = op.fill;
      context.beginPath();
      if (op.radius > 0) context.roundRect(op.x, op.y, op.width, op.height, op.radius);
      else context.rect(op.x, op.y, op.width, op.height);
      context.fill();
    } else if (op.kind === 'circle') {
      context.fillStyle = op.fill;
      context.beginPath();
      context.arc(op.x, op.y, op.radius, 0, Math.PI * 2);
      context.fill();
      if (op.stroke) {
        context.strokeStyle = op.stroke;
        context.lineWidth = 3;
        context.stroke();
      }
    } else {
      context.font = op.font;
      context.fillStyle = op.fill;
      context.textAlign = op.align;
      context.fillText(op.text, op.x, op.y);
    }
  }
}

/**
 * Draws the podium picture on a new canvas and encodes it as PNG.
 * @throws Error when the browser gives no 2D canvas or no PNG.
 */
export async function renderPodiumPng(input: PodiumImageInput): Promise<Blob> {
  // The page's fonts first: a canvas draws with a fallback font while they load.
  await document.fonts.ready;
  const canvas = document.createElement('canvas');
  canvas.width = PODIUM_IMAGE_SIZE.width;
  canvas.height = PODIUM_IMAGE_SIZE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  const measure: MeasureText = (value, fontSpec) => {
    context.font = fontSpec;
    return context.measureText(value).width;
  };
  drawPodiumImage(context, podiumImageLayout(input, measure));
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG from the canvas'))), 'image/png');
  });
}
