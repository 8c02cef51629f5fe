/**
 * Sharing from the browser: the device's share sheet (Web Share API, https://w3c.github.io/web-share/)
 * where there is one, and the fallbacks every browser has: a copy to the clipboard, a WhatsApp link
 * (https://faq.whatsapp.com/5913398998672934: wa.me/?text= opens the app with the text ready to send) and
 * a file saved by the browser.
 */

/** What became of a share: sent to the sheet, closed by the person, or no sheet for it on this device. */
export type ShareOutcome = 'shared' | 'dismissed' | 'unavailable';

/** The part of `navigator` sharing uses (injectable for tests). */
export type ShareNavigator = Partial<Pick<Navigator, 'share' | 'canShare'>>;

const browserNavigator = (): ShareNavigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/** Whether the device has a share sheet (navigator.share). */
export function hasShareSheet(nav: ShareNavigator | undefined = browserNavigator()): boolean {
  return typeof nav?.share === 'function';
}

/** Whether the share sheet takes `files` (navigator.canShare({ files })); false where there is no sheet. */
export function canShareFiles(files: File[], nav: ShareNavigator | undefined = browserNavigator()): boolean {
  if (!hasShareSheet(nav) || typeof nav?.canShare !== 'function') return false;
  try {
    return nav.canShare({ files });
  } catch {
    return false;
  }
}

/** An AbortError: the person closed the share sheet (not a failure worth telling them about). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Opens the share sheet with `data`. Resolves 'dismissed' when the person closes it (AbortError) and
 * 'unavailable' when there is no sheet.
 * @throws whatever else navigator.share rejects with (NotAllowedError, a DataError for the files…).
 */
export async function shareWithSheet(data: ShareData, nav: ShareNavigator | undefined = browserNavigator()): Promise<ShareOutcome> {
  if (!nav || typeof nav.share !== 'function') return 'unavailable';
  try {
    await nav.share(data);
    return 'shared';
  } catch (error) {
    if (isAbortError(error)) return 'dismissed';
    throw error;
  }
}

/** The wa.me link that opens WhatsApp with `text` and then `url` (after a space) ready to send. */
export function whatsAppHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/**
 * Copies `text` to the clipboard: the Clipboard API, else (a browser without it, a page not allowed to
 * use it) a selected hidden text area and the older copy command. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      // Deprecated but still the only copy some browsers allow without the Clipboard API.
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/**
 * Saves `blob` as `fileName` through a link with the download attribute and an object URL (freed a while
 * later: freed at once, some browsers would not have read it yet).
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
